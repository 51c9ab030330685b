/**
 * One CSV cell rule for every CSV the shop writes (the accountant's orders file, the Meta catalogue
 * feed): RFC 4180 quoting, and no cell a spreadsheet would run as a formula (OWASP "CSV injection").
 * A text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so
 * Excel, LibreOffice and Google Sheets show it as text; a number is written as a number.
 */

/** What makes a spreadsheet read a cell as a formula (or hide one) when it starts the cell. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers as they are; text neutralised when it could start a formula, quoted when it holds `,`, `"`, CR or LF. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row of cells. */
export const csvRow = (cells: readonly (string | number | null | undefined)[]) => cells.map(csvCell).join(',');

/** The byte-order mark that makes Excel read a CSV as UTF-8 (naira signs, names with accents). */
export const CSV_BOM = '\uFEFF';

/** A whole file: a header and rows, CRLF line ends (RFC 4180), ending with one. */
export const csvFile = (header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]) =>
  [csvRow(header), ...rows.map(csvRow), ''].join('\r\n');
