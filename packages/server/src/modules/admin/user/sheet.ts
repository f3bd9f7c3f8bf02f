import ExcelJS from 'exceljs';

export interface AccountPair {
  username: string;
  password: string;
}

/** The generated accounts as an xlsx workbook (one sheet, a header row), for printing slips. */
export async function accountsXlsx(pairs: AccountPair[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  sheet.columns = [
    { header: 'username', key: 'username', width: 24 },
    { header: 'password', key: 'password', width: 24 },
  ];
  sheet.addRows(pairs);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Verdict: the same pairs as CSV (RFC 4180, a header row). */
export function accountsCsv(pairs: AccountPair[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return (
    ['username,password', ...pairs.map((p) => `${cell(p.username)},${cell(p.password)}`)].join('\r\n') +
    '\r\n'
  );
}
