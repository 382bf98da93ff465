import { Button } from '@mantine/core';
import type { CsvDialect } from '@contract/csv-export';

type ExportButtonsProps = { onExport: (dialect: CsvDialect) => void; label?: string };

/**
 * SPEC's export (commas) and beside it the same file as German Excel opens it with a double click
 * (semicolons): the import reads both.
 */
export function ExportButtons({ onExport, label = 'Export CSV' }: ExportButtonsProps) {
  return (
    <>
      <Button variant="default" onClick={() => onExport('csv')}>
        {label}
      </Button>
      <Button variant="default" onClick={() => onExport('excel-de')} title="Semicolon-separated, opens in German Excel with a double click">
        {label.replace(/CSV$/, 'for German Excel')}
      </Button>
    </>
  );
}
