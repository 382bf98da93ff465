import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { ImportOutcome, ImportResults } from '@contract/users';
import { importOutcome, importSummary } from '../lib/import-outcome';
import { saveImportResults } from '../lib/users-csv';
import classes from './import-results.module.css';

const OUTCOME_LABELS: Record<ImportOutcome, string> = { created: 'Created', updated: 'Updated', unchanged: 'Unchanged', failed: 'Failed' };

type ImportResultsViewProps = { results: ImportResults; onImportAgain: () => void; onClose: () => void };

/** Every row's outcome, failed ones first, with the line a spreadsheet shows for it. */
export function ImportResultsView({ results, onImportAgain, onClose }: ImportResultsViewProps) {
  const rows = [...results.rows].sort((a, b) => Number(b.outcome === 'failed') - Number(a.outcome === 'failed') || a.line - b.line);
  const outcome = importOutcome(results);
  return (
    <Stack>
      {/* SPEC's line as the title; its colour and the sentence below say what happened. */}
      <Alert role="status" color={outcome.color} title={`Imported ${results.success} users, failed ${results.failed}`} data-outcome={outcome.kind}>
        <Text size="sm">{importSummary(results)}</Text>
      </Alert>
      {rows.length > 0 && (
        <Table.ScrollContainer type="native" minWidth={0} maxHeight="50dvh" tabIndex={0} role="region" aria-label="Import results">
          <Table striped stickyHeader className={classes.results}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Line</Table.Th>
                <Table.Th>Username</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.line} data-outcome={row.outcome}>
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td className={classes.username}>{row.username}</Table.Td>
                  <Table.Td className={classes.outcome}>{OUTCOME_LABELS[row.outcome]}</Table.Td>
                  <Table.Td>{row.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => saveImportResults(results.rows)} disabled={rows.length === 0}>
          Download results (CSV)
        </Button>
        <Button variant="default" onClick={onImportAgain}>
          Import another file
        </Button>
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
