import { CSV_EXPORT_MESSAGES, CSV_SEPARATORS, csvExportQuerySchema } from '../contract/csv-export';
import { parseInput } from './validate';

/**
 * One CSV cell; text a spreadsheet would run as a formula is prefixed with a quote (DECISIONS §4).
 * A cell holding the separator, a quote or a line break is quoted.
 */
export function csvCell(value: unknown, separator = ','): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /["\r\n]/.test(text) || text.includes(separator) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (header: string[], rows: unknown[][], separator = ',') =>
  [header, ...rows].map((row) => row.map((cell) => csvCell(cell, separator)).join(separator)).join('\r\n') + '\r\n';

/** Parses CSV text (RFC 4180 quoting, CRLF or LF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

type CsvContext = { query: unknown; set(name: string, value: string): void; body: unknown; type: string };

/**
 * Sends a CSV download (written by toCsv, with commas) with the given file name; with
 * ?format=excel-de as German Excel opens it, with semicolons and "-excel-de" in its name. The
 * rows are read back and written again with the other separator, so each export states its
 * columns once, whatever the dialect; the text is bounded by what the export wrote.
 */
export function sendCsv(ctx: CsvContext, filename: string, csv: string) {
  const { format = 'csv' } = parseInput(csvExportQuerySchema, ctx.query ?? {}, CSV_EXPORT_MESSAGES.invalidFormat);
  const separator = CSV_SEPARATORS[format];
  const [header = [], ...rows] = format === 'csv' ? [] : parseCsv(csv);
  const text = format === 'csv' ? csv : toCsv(header, rows, separator);
  const name = format === 'csv' ? filename : filename.replace(/\.csv$/, `-${format}.csv`);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="${name}"`);
  ctx.body = `\uFEFF${text}`;
}
