import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { exportPackingList, usePackingList, type PackingLine } from '../api/orders';
import { toastError, toastSuccess } from '../lib/toast';
import tableClasses from './admin-table.module.css';
import { PrintHeader, PrintSheet, printClasses } from './print-sheet';
import type { CsvDialect } from '@contract/csv-export';
import { ExportButtons } from './export-buttons';

type PackingListModalProps = { onClose: () => void };

const totalUnits = (lines: PackingLine[]) => lines.reduce((sum, line) => sum + line.units, 0);

/** Units per product and variant over the orders that are not cancelled: on screen, on paper, as CSV. */
export function PackingListModal({ onClose }: PackingListModalProps) {
  const packing = usePackingList();
  const lines = packing.data?.lines ?? [];
  const orders = packing.data?.orders ?? 0;
  const summary = `${orders} ${orders === 1 ? 'order' : 'orders'} (not cancelled), ${totalUnits(lines)} units`;

  const download = (dialect: CsvDialect) =>
    exportPackingList(dialect)
      .then(() => toastSuccess('Packing list exported successfully'))
      .catch(() => toastError('Failed to export the packing list', 'Export Failed'));

  return (
    <Modal opened onClose={onClose} centered size="lg" title="Packing list">
      {packing.isPending ? (
        <Text>Loading packing list...</Text>
      ) : packing.isError ? (
        <Text c="red.4">The packing list could not be loaded.</Text>
      ) : (
        <Stack>
          <Text size="sm">{summary}</Text>
          {lines.length === 0 ? (
            <Text>Nothing to pack yet.</Text>
          ) : (
            <Table striped aria-label="Packing list" className={tableClasses.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Variant</Table.Th>
                  <Table.Th ta="right">Units</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={`${line.productId}-${line.variant}`}>
                    <Table.Td data-label="Product" data-card="title">
                      {line.title}
                    </Table.Td>
                    <Table.Td data-label="Variant">{line.variant}</Table.Td>
                    <Table.Td data-label="Units" ta="right">
                      {line.units}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="flex-end">
            <ExportButtons label="Download CSV" onExport={(dialect) => void download(dialect)} />
            <Button onClick={() => window.print()} disabled={lines.length === 0}>
              Print
            </Button>
          </Group>
          <PrintSheet>
            <PrintHeader title="Packing list" />
            <p>{summary}</p>
            <table>
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Variant</th>
                  <th className={printClasses.number}>Units</th>
                  <th>Packed</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={`${line.productId}-${line.variant}`}>
                    <td>{line.title}</td>
                    <td>{line.variant}</td>
                    <td className={printClasses.number}>{line.units}</td>
                    <td>☐</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </PrintSheet>
        </Stack>
      )}
    </Modal>
  );
}
