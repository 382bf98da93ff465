/** Reading a users CSV as organisers write it: Excel, LibreOffice, Numbers or a text editor. */

/** `unclosed`: a quote opened in this record is never closed, so it ran to the end of the text. */
export type CsvRecord = { line: number; cells: string[]; unclosed?: boolean };

const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The separator of the header line: German Excel writes semicolons, some tools tabs. The one that
 * occurs most outside quotes wins; a comma on a tie.
 */
function headerDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/**
 * RFC 4180 records (quoted cells may hold separators, quotes and line breaks; CRLF, LF or CR) with
 * the line each starts on, counted as a spreadsheet counts them. Blank lines are left out.
 */
export function readCsvRecords(source: string): CsvRecord[] {
  const text = source.replace(/^\uFEFF/, '');
  const delimiter = headerDelimiter(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) records.push(quoted ? { line: startLine, cells, unclosed: true } : { line: startLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const lineBreak = char === '\n' || char === '\r';
    if (lineBreak && char === '\r' && text[i + 1] === '\n') i++;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += lineBreak ? '\n' : char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (lineBreak) endRecord();
    else cell += char;
    if (lineBreak) {
      line++;
      if (!quoted) startLine = line;
    }
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

/** Undoes the export's formula guard (cms/src/http/csv.ts): "'=cmd" is read back as "=cmd". */
export const unguardCell = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

const TRUE_WORDS = new Set(['true', '1', 'yes', 'ja', 'y', 'x', 'wahr']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'nein', 'n', 'falsch']);

/** A spreadsheet's isAdmin cell as a boolean; blank is undefined, anything unreadable goes on to fail validation. */
export function csvBoolean(cell: string | undefined): unknown {
  const word = cell?.trim().toLowerCase();
  if (!word) return undefined;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return cell;
}

/** U+FFFD is what a UTF-8 reader makes of a byte it cannot read (e.g. a Windows-1252 "ü"). */
export const holdsUnreadableText = (cells: string[]) => cells.some((cell) => cell.includes('\uFFFD'));
