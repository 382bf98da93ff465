import { Table, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './admin-table.module.css';

type AdminTableProps = {
  /** Names the list for screen readers, and the scroll area a keyboard user can focus. */
  label: string;
  columns: string[];
  /** Below this width the table scrolls sideways instead of squeezing (tablets; phones get cards). */
  minWidth: number;
  loading: boolean;
  loadingText: string;
  empty: boolean;
  emptyText: string;
  verticalSpacing?: MantineSpacing;
  /** The rows, shown once loaded and not empty. */
  children: ReactNode;
};

/**
 * The frame every dashboard list shares: scrolling table, header, loading and empty rows. Below the
 * tablet breakpoint the rows become cards: each cell needs `data-label` with its column's name, and
 * the row's name cell `data-card="title"` (admin-table.module.css).
 */
export function AdminTable({ label, columns, minWidth, loading, loadingText, empty, emptyText, verticalSpacing, children }: AdminTableProps) {
  const message = loading ? loadingText : empty ? emptyText : null;
  return (
    // Native scrolling on a focusable region: a table that scrolls sideways on a phone must be
    // reachable by keyboard also while it holds no button (loading, empty; axe's scrollable-region-focusable).
    <Table.ScrollContainer className={classes.scroll} type="native" minWidth={minWidth} tabIndex={0} role="region" aria-label={label}>
      <Table className={classes.table} striped verticalSpacing={verticalSpacing}>
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
