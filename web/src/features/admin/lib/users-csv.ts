import { CSV_IMPORT_LIMITS, type ImportRow } from '@contract/users';
import { saveCsv } from './download-csv';

export const USERS_TEMPLATE_FILE = 'users-template.csv';
export const IMPORT_RESULTS_FILE = 'users-import-results.csv';

/** The columns the import reads, with one example row (a house by name, as the export writes it). */
export function saveUsersTemplate(exampleHouse: string) {
  saveCsv(USERS_TEMPLATE_FILE, ['username', 'password', 'house', 'isAdmin'], [['anna', 'geheim123', exampleHouse, 'false']]);
}

export function saveImportResults(rows: ImportRow[]) {
  saveCsv(
    IMPORT_RESULTS_FILE,
    ['line', 'username', 'result', 'reason'],
    rows.map((row) => [row.line, row.username, row.outcome, row.reason]),
  );
}

export const FILE_MESSAGES = {
  tooLarge: 'The file is too large (at most 256 KB)',
  notCsv: 'Only a CSV or text file (.csv, .txt) can be imported',
  oneFile: 'Please choose one file',
  unreadable: 'The file could not be read',
} as const;

/** The file limit the cms sets for the text, in bytes: a UTF-8 file is at least as long as its text. */
export const MAX_FILE_BYTES = CSV_IMPORT_LIMITS.maxChars * 4;

/**
 * A CSV file's text. Excel and LibreOffice save "CSV UTF-8" or, in Germany, Windows-1252: text
 * that is not valid UTF-8 is read as Windows-1252, so "Müller" arrives as "Müller".
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
