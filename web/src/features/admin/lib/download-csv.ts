import type { CsvDialect } from '@contract/csv-export';
import { adminHeaders, reportIfExpired } from './admin-session';
import { ApiError } from '@/lib/api-client';

/** Hands a file to the browser's downloads under the given name. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Fetches an export with the session and saves it under the given file name. */
export async function downloadCsv(path: string, fileName: string) {
  const response = await fetch(`/api${path}`, { credentials: 'include', headers: adminHeaders() });
  if (!response.ok) {
    const error = new ApiError(response.status, `${response.status}: ${await response.text()}`);
    reportIfExpired(error);
    throw error;
  }
  saveFile(await response.blob(), fileName);
}

/**
 * An export of the cms in the chosen dialect: SPEC's comma file under its own name, or the German
 * Excel one (semicolons) as name-excel-de.csv, so both can sit side by side in the downloads.
 */
export function downloadExport(path: string, fileName: string, dialect: CsvDialect = 'csv') {
  if (dialect === 'csv') return downloadCsv(path, fileName);
  return downloadCsv(`${path}?format=${dialect}`, fileName.replace(/\.csv$/, `-${dialect}.csv`));
}

/** One cell as the cms writes it (cms/src/http/csv.ts): quoted where needed, a formula behind an apostrophe. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text.startsWith("'") ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Builds a CSV in the browser (template, import results) and saves it; the BOM tells Excel it is UTF-8. */
export function saveCsv(fileName: string, header: string[], rows: (string | number)[][]) {
  const text = [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
  saveFile(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }), fileName);
}
