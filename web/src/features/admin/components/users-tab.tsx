import { Button, Group, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHouses } from '../api/houses';
import { createUser, deleteUser, exportUsers, importUsers, updateUser, useUsersPage, type User, type UserSortField } from '../api/users';
import { importOutcome } from '../lib/import-outcome';
import { serverErrorText } from '../lib/admin-session';
import { useListState } from '../lib/list-state';
import { toastError, toastSuccess } from '../lib/toast';
import { useToastMutation } from '../lib/use-toast-mutation';
import { AdminTable } from './admin-table';
import classes from './admin-table.module.css';
import { ConfirmModal } from './confirm-modal';
import type { CsvDialect } from '@contract/csv-export';
import { ExportButtons } from './export-buttons';
import { ImportUsersModal } from './import-users-modal';
import { ListControls, ListPages } from './list-controls';
import { RowActions } from './row-actions';
import { UserFormModal } from './user-form-modal';

type Dialog = { kind: 'none' } | { kind: 'form'; user: User | null; key: number } | { kind: 'import' } | { kind: 'delete'; user: User };

const USER_SORT_OPTIONS: { value: UserSortField; label: string }[] = [
  { value: 'id', label: 'ID' },
  { value: 'username', label: 'Username' },
  { value: 'house', label: 'House' },
  { value: 'isAdmin', label: 'Admin' },
];

export function UsersTab({ currentUserId }: { currentUserId: number }) {
  const queryClient = useQueryClient();
  const listState = useListState<UserSortField>('id');
  const users = useUsersPage(listState.params);
  const houses = useHouses();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });

  const create = useToastMutation({
    mutationFn: createUser,
    success: 'User created successfully',
    failure: 'Failed to create user',
    onSuccess: () => {
      close();
      void refresh();
    },
  });
  const update = useToastMutation({
    mutationFn: updateUser,
    success: 'User updated successfully',
    failure: 'Failed to update user',
    onSuccess: () => {
      close();
      void refresh();
    },
  });
  const remove = useToastMutation({
    mutationFn: deleteUser,
    success: 'User deleted successfully',
    failure: 'Failed to delete user',
    onSuccess: () => {
      void refresh();
    },
  });
  // The dialog stays open on success: it lists what became of each row until the organiser closes it.
  const runImport = useMutation({
    mutationFn: importUsers,
    onSuccess: (results) => {
      toastSuccess(`Imported ${results.success} users, failed ${results.failed}`, 'Import Successful', importOutcome(results).color);
      void refresh();
    },
    onError: () => toastError('Failed to import users', 'Import Failed'),
  });

  const runExport = (dialect: CsvDialect) =>
    exportUsers(dialect)
      .then(() => toastSuccess('Users exported successfully'))
      .catch(() => toastError('Failed to export users', 'Export Failed'));

  const houseName = (houseId: number | null) => {
    if (houseId === null) return 'None';
    return houses.data?.find((house) => house.id === houseId)?.name ?? String(houseId);
  };

  const list = users.data?.rows ?? [];

  return (
    <section aria-label="Users">
      <div className={classes.toolbar}>
        <Text fw={600} size="lg">
          Users
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => {
              runImport.reset();
              setDialog({ kind: 'import' });
            }}
          >
            Import CSV
          </Button>
          <ExportButtons onExport={(dialect) => void runExport(dialect)} />
          <Button onClick={() => setDialog({ kind: 'form', user: null, key: Date.now() })}>Add User</Button>
        </Group>
      </div>
      <ListControls noun="users" state={listState} sortOptions={USER_SORT_OPTIONS} />
      <AdminTable
        label="Users list"
        columns={['ID', 'Username', 'House', 'Admin', 'Actions']}
        minWidth={560}
        loading={users.isPending}
        loadingText="Loading users..."
        empty={list.length === 0}
        emptyText="No users found"
      >
        {list.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td data-label="ID">{user.id}</Table.Td>
            <Table.Td data-label="Username" data-card="title">{user.username}</Table.Td>
            <Table.Td data-label="House">{houseName(user.houseId)}</Table.Td>
            <Table.Td data-label="Admin">{user.isAdmin ? 'Yes' : 'No'}</Table.Td>
            <Table.Td data-label="Actions">
              <RowActions
                name={user.username}
                onEdit={() => setDialog({ kind: 'form', user, key: Date.now() })}
                onDelete={() => setDialog({ kind: 'delete', user })}
                deleteDisabled={user.id === currentUserId}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <ListPages noun="users" state={listState} total={users.data?.total ?? 0} stale={users.isPlaceholderData} />

      {dialog.kind === 'form' && (
        <UserFormModal
          key={dialog.key}
          opened
          user={dialog.user}
          houses={houses.data ?? []}
          pending={create.isPending || update.isPending}
          onClose={close}
          onSubmit={(values) => (dialog.user ? update.mutate({ id: dialog.user.id, values }) : create.mutate(values))}
        />
      )}
      {dialog.kind === 'import' && (
        <ImportUsersModal
          opened
          pending={runImport.isPending}
          results={runImport.data}
          exampleHouse={houses.data?.[0]?.name ?? ''}
          onClose={close}
          refusal={runImport.isError ? (serverErrorText(runImport.error) ?? undefined) : undefined}
          onImport={(csv) => runImport.mutate(csv)}
          onImportAgain={() => runImport.reset()}
        />
      )}
      <ConfirmModal
        opened={dialog.kind === 'delete'}
        title="Delete User"
        message={dialog.kind === 'delete' ? `Are you sure you want to delete the user "${dialog.user.username}"?` : ''}
        onClose={close}
        onConfirm={() => dialog.kind === 'delete' && remove.mutate(dialog.user.id)}
      />
    </section>
  );
}
