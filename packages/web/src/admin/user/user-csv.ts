import { ACCOUNT_LIMITS, isEmailAddress } from '@verdict/shared';

/** The columns of an import row, in the order insert-batch-user takes them (reference §3.12). */
export const IMPORT_COLUMNS = [
  'username',
  'password',
  'email',
  'realname',
  'gender',
  'nickname',
  'school',
] as const;

const GENDERS = new Set(['male', 'female', 'secrecy']);

/**
 * Splits CSV text into rows of cells (RFC 4180): quoted cells may hold commas, line breaks and
 * doubled quotes; CRLF, LF and CR all end a row; a leading BOM and blank rows are dropped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(cell);
    if (row.length > 1 || row[0]!.trim() !== '') rows.push(row);
    row = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}

/** A first row naming the columns (username,password,…) is a header, not an account. */
function isHeader(row: string[]): boolean {
  return row[0]?.trim().toLowerCase() === 'username' && row[1]?.trim().toLowerCase() === 'password';
}

export type RowProblem =
  | { key: 'shape' }
  | { key: 'username' }
  | { key: 'passwordLength'; min: number; max: number }
  | { key: 'email' }
  | { key: 'gender' }
  | { key: 'tooLong'; field: string; max: number }
  | { key: 'duplicate'; row: number };

export interface ImportPreviewRow {
  /** 1-based number in the batch sent to the server (the header row is not counted) */
  row: number;
  cells: string[];
  problems: RowProblem[];
}

/**
 * Checks each row with the rules the server's import applies (shape of 2 to 7 cells, username and
 * password lengths, e-mail, gender, field lengths, a username repeated in the batch), so the preview
 * shows every bad row before anything is sent. Names already taken only the server can tell.
 */
export function previewImport(text: string): ImportPreviewRow[] {
  const parsed = parseCsv(text);
  const rows = parsed.length > 0 && isHeader(parsed[0]!) ? parsed.slice(1) : parsed;
  const firstName = new Map<string, number>();
  return rows.map((raw, i) => {
    const cells = raw.map((c) => c.trim());
    while (cells.length > 2 && cells[cells.length - 1] === '') cells.pop();
    const problems: RowProblem[] = [];
    if (cells.length < 2 || cells.length > IMPORT_COLUMNS.length) problems.push({ key: 'shape' });
    const [username = '', password = '', email = '', realname = '', gender = '', nickname = '', school = ''] =
      cells;
    if (username === '' || username.length > ACCOUNT_LIMITS.usernameMax) problems.push({ key: 'username' });
    if (password.length < ACCOUNT_LIMITS.passwordMin || password.length > ACCOUNT_LIMITS.passwordMax)
      problems.push({
        key: 'passwordLength',
        min: ACCOUNT_LIMITS.passwordMin,
        max: ACCOUNT_LIMITS.passwordMax,
      });
    if (email !== '' && !isEmailAddress(email)) problems.push({ key: 'email' });
    if (gender !== '' && !GENDERS.has(gender.toLowerCase())) problems.push({ key: 'gender' });
    const limits = [
      ['realname', realname, ACCOUNT_LIMITS.realnameMax],
      ['nickname', nickname, ACCOUNT_LIMITS.nicknameMax],
      ['school', school, ACCOUNT_LIMITS.schoolMax],
    ] as const;
    for (const [field, value, max] of limits)
      if (value.length > max) problems.push({ key: 'tooLong', field, max });
    if (username !== '') {
      const seen = firstName.get(username);
      if (seen !== undefined) problems.push({ key: 'duplicate', row: seen + 1 });
      else firstName.set(username, i);
    }
    return { row: i + 1, cells, problems };
  });
}
