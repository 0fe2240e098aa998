import { saveFile } from './save-file';

/**
 * CSV for spreadsheets (RFC 4180): quoted where needed, CRLF line ends, UTF-8 with a byte-order mark so
 * spreadsheet programs read accents right. A cell starting with = + - @ is prefixed with ' so it is never run
 * as a formula (CSV injection, OWASP); so is one that follows a `;`, a tab or a line break inside a cell (quotes
 * and spaces between), since a spreadsheet set to the Brazilian `;` separator splits the line there, quotes or
 * not, and would start a cell with it. Negative numbers are written as numbers.
 */
export type CsvCell = string | number;

const formulaAtStart = /^[=+\-@\t\r]/;
const formulaAfterBreak = /([;\t\r\n][\s"]*)([=+\-@])/g;

function cellText(cell: CsvCell): string {
  if (typeof cell === 'number') return String(cell);
  const inner = cell.replace(formulaAfterBreak, "$1'$2");
  const safe = formulaAtStart.test(inner) ? `'${inner}` : inner;
  return /[",;\t\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cellText).join(',')).join('\r\n');
}

/** Offers the text as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  saveFile(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
