/**
 * The rules of the problem import/export screen (spec part 2 §2.7 "export/import problems",
 * reference §3.11, §11): which import route a file goes to, and the result table built from the
 * answer's `data`. Pure, so the unit tests read them without a browser.
 */

/** The formats HOJ imports (reference §11.1–11.4), and Polygon packages. */
export const IMPORT_FORMATS = ['hoj', 'qduoj', 'fps', 'hydro', 'polygon'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** The screen's format choice: a format, or decide from the file (the default). */
export type FormatChoice = 'detect' | ImportFormat;

/** Formats whose file is a zip: all but FPS (one XML file). */
export const ZIP_FORMATS: readonly ImportFormat[] = ['hoj', 'qduoj', 'hydro', 'polygon'];

/** Each format's route; every one takes the multipart field `file` and answers the same envelope. */
export const IMPORT_ROUTES: Record<ImportFormat, string> = {
  hoj: '/api/file/import-problem',
  qduoj: '/api/file/import-qdoj-problem',
  fps: '/api/file/import-fps-problem',
  hydro: '/api/file/import-hydro-problem',
  polygon: '/api/file/import-polygon-problem',
};

/**
 * What "detect from the file" makes of a file name, from the name alone (the zip's entries are not
 * read in the browser):
 * - `.xml` is FPS (the only XML format);
 * - a zip named as HOJ's and Verdict's export names it (`problem_export_<ms>.zip`, also when the
 *   browser added " (1)") is HOJ;
 * - a zip named as Polygon names its packages (`<name>-<revision>$linux.zip`, `$windows`) is Polygon;
 * - any other zip: the user says which of the zip formats it is;
 * - any other file: the user says which format, and the server judges the file.
 */
export type Detection = { format: ImportFormat } | { ask: readonly ImportFormat[] };

export function detectFormat(fileName: string): Detection {
  const name = fileName.trim().toLowerCase();
  if (name.endsWith('.xml')) return { format: 'fps' };
  if (name.endsWith('.zip')) {
    if (/^problem_export_/.test(name)) return { format: 'hoj' };
    if (/\$(linux|windows)(\s*\(\d+\))?\.zip$/.test(name)) return { format: 'polygon' };
    return { ask: ZIP_FORMATS };
  }
  return { ask: IMPORT_FORMATS };
}

/**
 * The format the upload goes as: the chosen one; with "detect", the detected one or the user's
 * answer to the question (undefined while it is unanswered or not among those asked).
 */
export function resolveFormat(
  choice: FormatChoice,
  fileName: string | null,
  answer: ImportFormat | undefined,
): ImportFormat | undefined {
  if (choice !== 'detect') return choice;
  if (fileName === null) return undefined;
  const detected = detectFormat(fileName);
  if ('format' in detected) return detected.format;
  return answer && detected.ask.includes(answer) ? answer : undefined;
}

/** The pieces of the export call's address: `pid` repeated as HOJ's client sends it. */
export function exportQuery(pids: readonly number[]): string {
  return pids.map((pid) => `pid=${encodeURIComponent(String(pid))}`).join('&');
}

export type ResultOutcome = 'imported' | 'repeat' | 'failed';

/** One row of the result table. */
export interface ResultRow {
  /** unique in the table */
  key: string;
  /** the entry of the file (HOJ: `problem_<pid>`), when the server names it */
  entry: string;
  problemId: string;
  outcome: ResultOutcome;
  /** an imported problem's id, for its edit page */
  pid?: number;
  title?: string;
  /** why it failed, in the interface language */
  reason?: string;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];

/**
 * The result table from the answer's `data` (`{ imported: [{key, pid, problemId, title}], failed:
 * [{key, problemId, repeat, reason}] }`), read leniently: the other formats' routes answer the same
 * shape, and a refused file (not a zip) answers no data, hence no rows. Imported first, then failed,
 * each in the server's order.
 */
export function resultRows(data: unknown): ResultRow[] {
  if (typeof data !== 'object' || data === null) return [];
  const { imported, failed } = data as { imported?: unknown; failed?: unknown };
  const rows: ResultRow[] = [];
  list(imported).forEach((item, i) => {
    const pid = Number(item.pid);
    rows.push({
      key: `imported-${i}`,
      entry: text(item.key),
      problemId: text(item.problemId),
      outcome: 'imported',
      pid: Number.isInteger(pid) && pid > 0 ? pid : undefined,
      title: text(item.title),
    });
  });
  list(failed).forEach((item, i) => {
    rows.push({
      key: `failed-${i}`,
      entry: text(item.key),
      problemId: text(item.problemId),
      outcome: item.repeat === true ? 'repeat' : 'failed',
      reason: text(item.reason),
    });
  });
  return rows;
}

export type ResultKind = 'success' | 'partial' | 'failure';

/** The banner over the table: all imported, some failed, or nothing imported. */
export function resultKind(ok: boolean, rows: readonly ResultRow[]): ResultKind {
  const imported = rows.filter((row) => row.outcome === 'imported').length;
  if (ok && rows.length === imported) return 'success';
  return imported > 0 ? 'partial' : 'failure';
}

/**
 * The server's message as lines: HOJ's result message separates its lines with `<br/>` (reference
 * §11); they are shown as text, never as HTML.
 */
export function messageLines(msg: string): string[] {
  return msg
    .split(/<br\s*\/?>/i)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A file's size for the screen: bytes, KiB or MiB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
