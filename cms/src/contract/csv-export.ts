import { z } from 'zod';

/**
 * The spreadsheet dialects the exports are offered in: `csv` as SPEC §7 has it (commas), and
 * `excel-de`, which German Excel opens into columns with a double click (semicolons). Both
 * start with a UTF-8 byte order mark, by which Excel reads umlauts right.
 */
export const CSV_DIALECTS = ['csv', 'excel-de'] as const;
export type CsvDialect = (typeof CSV_DIALECTS)[number];

export const CSV_SEPARATORS: Record<CsvDialect, string> = { csv: ',', 'excel-de': ';' };

export const CSV_EXPORT_MESSAGES = { invalidFormat: `format must be one of: ${CSV_DIALECTS.join(', ')}` } as const;

/** GET /admin/export/…?format=excel-de; without format the SPEC's comma file. */
export const csvExportQuerySchema = z.object(
  { format: z.enum(CSV_DIALECTS, { error: CSV_EXPORT_MESSAGES.invalidFormat }).optional() },
  { error: CSV_EXPORT_MESSAGES.invalidFormat },
);
