import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type RowActionsProps = {
  /** What the row is called, for the buttons' accessible names ("Edit Aschefrei"). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabled?: boolean;
  /** Further actions between Edit and Delete. */
  children?: ReactNode;
};

/** The Edit and Delete buttons at the end of a dashboard table row. */
export function RowActions({ name, onEdit, onDelete, deleteDisabled = false, children }: RowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      {children}
      <Button size="xs" color="red" variant="light" disabled={deleteDisabled} onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </Group>
  );
}
