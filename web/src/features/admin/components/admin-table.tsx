import { Table, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

type AdminTableProps = {
  columns: string[];
  /** Below this width the table scrolls sideways instead of squeezing (phones). */
  minWidth: number;
  loading: boolean;
  loadingText: string;
  empty: boolean;
  emptyText: string;
  verticalSpacing?: MantineSpacing;
  /** The rows, shown once loaded and not empty. */
  children: ReactNode;
};

/** The frame every dashboard list shares: scrolling table, header, loading and empty rows. */
export function AdminTable({ columns, minWidth, loading, loadingText, empty, emptyText, verticalSpacing, children }: AdminTableProps) {
  const message = loading ? loadingText : empty ? emptyText : null;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped verticalSpacing={verticalSpacing}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {message === null ? (
            children
          ) : (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{message}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
