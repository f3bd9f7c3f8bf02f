import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  exportQuery,
  fileSize,
  IMPORT_FORMATS,
  IMPORT_ROUTES,
  messageLines,
  resolveFormat,
  resultKind,
  resultRows,
  ZIP_FORMATS,
} from '../../../src/admin/problem/transfer-rules.ts';

describe('problem import/export screen rules (spec part 2 §2.7, reference §3.11, §11)', () => {
  it('detects FPS from .xml, HOJ from the export name, Polygon from its package name', () => {
    expect(detectFormat('fps-problems.XML')).toEqual({ format: 'fps' });
    expect(detectFormat('problem_export_1764450000000.zip')).toEqual({ format: 'hoj' });
    expect(detectFormat('problem_export_1764450000000 (1).zip')).toEqual({ format: 'hoj' });
    expect(detectFormat('a-plus-b-7$linux.zip')).toEqual({ format: 'polygon' });
    expect(detectFormat('a-plus-b-7$windows (2).zip')).toEqual({ format: 'polygon' });
  });

  it('asks which zip format any other zip is, and which format any other file is', () => {
    expect(detectFormat('contest.zip')).toEqual({ ask: ZIP_FORMATS });
    expect(ZIP_FORMATS).not.toContain('fps');
    expect(detectFormat('notes.txt')).toEqual({ ask: IMPORT_FORMATS });
    expect(detectFormat('noextension')).toEqual({ ask: IMPORT_FORMATS });
  });

  it('resolves the format: the chosen one, else the detected one, else a valid answer', () => {
    expect(resolveFormat('hydro', 'x.xml', undefined)).toBe('hydro');
    expect(resolveFormat('detect', null, 'hoj')).toBeUndefined();
    expect(resolveFormat('detect', 'a.xml', 'hoj')).toBe('fps');
    expect(resolveFormat('detect', 'a.zip', undefined)).toBeUndefined();
    expect(resolveFormat('detect', 'a.zip', 'qduoj')).toBe('qduoj');
    // FPS is one XML file, never a zip
    expect(resolveFormat('detect', 'a.zip', 'fps')).toBeUndefined();
    expect(resolveFormat('detect', 'a.txt', 'fps')).toBe('fps');
  });

  it('posts each format to its route', () => {
    expect(IMPORT_ROUTES).toEqual({
      hoj: '/api/file/import-problem',
      qduoj: '/api/file/import-qdoj-problem',
      fps: '/api/file/import-fps-problem',
      hydro: '/api/file/import-hydro-problem',
      polygon: '/api/file/import-polygon-problem',
    });
  });

  it('exports with pid repeated, as HOJ sends it', () => {
    expect(exportQuery([3, 12])).toBe('pid=3&pid=12');
    expect(exportQuery([])).toBe('');
  });

  it('builds the result rows: imported first, then repeats and other failures with their reasons', () => {
    const rows = resultRows({
      imported: [{ key: 'problem_1', pid: 7, problemId: 'P1000', title: 'A+B' }],
      failed: [
        { key: 'problem_2', problemId: 'P1001', repeat: true, reason: 'The problem ID already exists' },
        { key: 'problem_3', problemId: 'problem_3', repeat: false, reason: 'Bad JSON' },
      ],
    });
    expect(rows).toEqual([
      {
        key: 'imported-0',
        entry: 'problem_1',
        problemId: 'P1000',
        outcome: 'imported',
        pid: 7,
        title: 'A+B',
      },
      {
        key: 'failed-0',
        entry: 'problem_2',
        problemId: 'P1001',
        outcome: 'repeat',
        reason: 'The problem ID already exists',
      },
      { key: 'failed-1', entry: 'problem_3', problemId: 'problem_3', outcome: 'failed', reason: 'Bad JSON' },
    ]);
    expect(resultKind(false, rows)).toBe('partial');
    expect(resultKind(true, rows.slice(0, 1))).toBe('success');
    expect(resultKind(false, rows.slice(1))).toBe('failure');
  });

  it('reads data leniently: no data, odd items and missing lists give what they can', () => {
    expect(resultRows(null)).toEqual([]);
    expect(resultRows('x')).toEqual([]);
    expect(resultRows({ imported: [null, 3, { problemId: 5, pid: 'x' }] })).toEqual([
      { key: 'imported-0', entry: '', problemId: '5', outcome: 'imported', pid: undefined, title: '' },
    ]);
    expect(resultKind(false, [])).toBe('failure');
  });

  it("splits HOJ's result message at <br/> into text lines", () => {
    expect(
      messageLines('[导入结果] 成功数：1,  失败数：2<br/>失败的题目ID：[p3]<BR>p3：Bad JSON<br />'),
    ).toEqual(['[导入结果] 成功数：1,  失败数：2', '失败的题目ID：[p3]', 'p3：Bad JSON']);
    expect(messageLines('')).toEqual([]);
  });

  it('shows file sizes in bytes, KiB or MiB', () => {
    expect(fileSize(9)).toBe('9 B');
    expect(fileSize(1843)).toBe('1.8 KiB');
    expect(fileSize(256 * 1024 * 1024)).toBe('256.0 MiB');
  });
});
