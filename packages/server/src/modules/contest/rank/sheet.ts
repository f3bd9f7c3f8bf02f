import ExcelJS from 'exceljs';
import type { AcmCell, AcmRankRow, ContestRankRow, OiRankRow } from '@verdict/shared';

/** A board as a table: header row, then one row per board row (reference §3.11 download-contest-rank). */
export interface RankTable {
  header: string[];
  rows: (string | number)[][];
}

const clock = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
};

/** An ACM cell as printed: accepted time and rejected tries, "?n" for tries hidden by the seal. */
function acmCellText(cell: AcmCell | undefined): string {
  if (!cell) return '';
  const parts: string[] = [];
  if (cell.isAC) parts.push(clock(cell.ACTime ?? 0));
  if (cell.errorNum > 0) parts.push(`(-${cell.errorNum})`);
  if (cell.tryNum) parts.push(`(?${cell.tryNum})`);
  return parts.join(' ');
}

/** The board in columns: rank ("*" for star users), user, award, totals, one column per problem. */
export function rankTable(type: number, displayIds: string[], rows: ContestRankRow[]): RankTable {
  const who = ['Rank', 'Username', 'Nickname', 'Realname', 'School', 'Award'];
  const person = (r: ContestRankRow) => [
    r.rank === -1 ? '*' : r.rank,
    r.username,
    r.nickname ?? '',
    r.realname ?? '',
    r.school ?? '',
    r.awardName ?? '',
  ];
  if (type === 0)
    return {
      header: [...who, 'AC', 'Total', 'Total Time (min)', ...displayIds],
      rows: (rows as AcmRankRow[]).map((r) => [
        ...person(r),
        r.ac,
        r.total,
        Math.floor(r.totalTime / 60),
        ...displayIds.map((d) => acmCellText(r.submissionInfo[d])),
      ]),
    };
  return {
    header: [...who, 'Total Score', 'Total Time (ms)', ...displayIds],
    rows: (rows as OiRankRow[]).map((r) => [
      ...person(r),
      r.totalScore,
      r.totalTime,
      ...displayIds.map((d) => r.submissionInfo[d] ?? ''),
    ]),
  };
}

/** The table as an xlsx workbook (exceljs, as the generated accounts sheet). */
export async function rankXlsx(table: RankTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('rank');
  sheet.addRow(table.header).font = { bold: true };
  sheet.addRows(table.rows);
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Verdict: the same table as CSV (RFC 4180, a header row). */
export function rankCsv(table: RankTable): string {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return [table.header, ...table.rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
