import { Badge, Button, Group, Select, Table } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteAccessCode, exportAccessCodes, useAccessCodesPage, type AccessCode, type AccessCodeFilters, type AccessCodeSortField } from '../api/access-codes';
import { useListState } from '../lib/list-state';
import { generateCodes, useHouses } from '../api/houses';
import { generatedCodesMessage, toastError, toastSuccess } from '../lib/toast';
import { useToastMutation } from '../lib/use-toast-mutation';
import { AdminTable } from './admin-table';
import { StatCards } from './stat-cards';
import classes from './admin-table.module.css';
import { ConfirmModal } from './confirm-modal';
import { GenerateCodesModal } from './generate-codes-modal';
import { GeneratedCodesModal } from './generated-codes-modal';
import type { CsvDialect } from '@contract/csv-export';
import { ExportButtons } from './export-buttons';
import { ListControls, ListPages } from './list-controls';

type Dialog =
  | { kind: 'none' }
  | { kind: 'generate'; key: number }
  | { kind: 'generated'; houseId: number; houseName: string; codes: string[] }
  | { kind: 'delete'; code: AccessCode };

const CODE_SORT_OPTIONS: { value: AccessCodeSortField; label: string }[] = [
  { value: 'id', label: 'ID' },
  { value: 'code', label: 'Code' },
  { value: 'house', label: 'House' },
  { value: 'status', label: 'Status' },
  { value: 'usedAt', label: 'Used at' },
];

export function AccessCodesTab() {
  const queryClient = useQueryClient();
  const houses = useHouses();
  const listState = useListState<AccessCodeSortField>('id');
  const [filter, setFilterNow] = useState('all');
  const [statusFilter, setStatusNow] = useState('all');
  const setFilter = listState.firstPage(setFilterNow);
  const setStatusFilter = listState.firstPage(setStatusNow);
  const houseId = filter === 'all' ? null : Number(filter);
  const status = statusFilter === 'all' ? null : (statusFilter as AccessCodeFilters['status']);
  const codes = useAccessCodesPage(listState.params, { houseId, status });
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'access-codes'] });

  const remove = useToastMutation({
    mutationFn: deleteAccessCode,
    success: 'Access code deleted successfully',
    failure: 'Failed to delete access code',
    onSuccess: () => {
      void refresh();
    },
  });
  const generate = useToastMutation({
    mutationFn: generateCodes,
    success: (generated) => generatedCodesMessage(generated.length),
    failure: 'Failed to generate access codes',
    preferServerText: true,
    onSuccess: () => {
      void refresh();
    },
  });

  const exportCodes = (dialect: CsvDialect) =>
    exportAccessCodes(dialect)
      .then(() => toastSuccess('Access codes exported successfully'))
      .catch(() => toastError('Failed to export access codes', 'Export Failed'));

  const list = codes.data?.rows ?? [];
  const counts = codes.data?.counts ?? { total: 0, used: 0 };
  const selectedHouse = houses.data?.find((house) => house.id === houseId);

  return (
    <section aria-label="Access codes">
      <StatCards
        stats={[
          ['Total Access Codes', counts.total],
          ['Used Codes', counts.used],
          ['Unused Codes', counts.total - counts.used],
        ]}
      />
      <div className={classes.toolbar}>
        <Select
          label="Filter by house"
          data={[{ value: 'all', label: 'All Houses' }, ...(houses.data ?? []).map((house) => ({ value: String(house.id), label: house.name }))]}
          value={filter}
          onChange={(value) => setFilter(value ?? 'all')}
          allowDeselect={false}
        />
        <Group gap="xs">
          {selectedHouse && <Button onClick={() => setDialog({ kind: 'generate', key: Date.now() })}>Generate Codes for Selected House</Button>}
          <ExportButtons onExport={(dialect) => void exportCodes(dialect)} />
        </Group>
      </div>
      <ListControls noun="access codes" state={listState} sortOptions={CODE_SORT_OPTIONS}>
        <Select
          label="Status"
          data={[
            { value: 'all', label: 'All' },
            { value: 'available', label: 'Available' },
            { value: 'used', label: 'Used' },
          ]}
          value={statusFilter}
          onChange={(value) => setStatusFilter(value ?? 'all')}
          allowDeselect={false}
          w={140}
        />
      </ListControls>
      <AdminTable
        label="Access codes list"
        columns={['ID', 'Code', 'House', 'Status', 'Actions']}
        minWidth={560}
        loading={codes.isPending}
        loadingText="Loading access codes..."
        empty={list.length === 0}
        emptyText="No access codes found"
      >
        {list.map((code) => (
          <Table.Tr key={code.id}>
            <Table.Td data-label="ID">{code.id}</Table.Td>
            <Table.Td data-label="Code" data-card="title" className={classes.code}>{code.code}</Table.Td>
            <Table.Td data-label="House">{code.houseName ?? code.houseId ?? 'None'}</Table.Td>
            <Table.Td data-label="Status">
              {/* red.9: white on the theme's filled red read below 4.5:1 (axe). */}
              <Badge color={code.isUsed ? 'red.9' : 'green'}>{code.isUsed ? 'Used' : 'Available'}</Badge>
            </Table.Td>
            <Table.Td data-label="Actions">
              <Button size="xs" color="red" variant="light" onClick={() => setDialog({ kind: 'delete', code })} aria-label={`Delete ${code.code}`}>
                Delete
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
      <ListPages noun="access codes" state={listState} total={codes.data?.total ?? 0} stale={codes.isPlaceholderData} />

      {dialog.kind === 'generate' && selectedHouse && (
        <GenerateCodesModal
          key={dialog.key}
          opened
          houseName={selectedHouse.name}
          onClose={close}
          onGenerate={(count) =>
            generate.mutate({ houseId: selectedHouse.id, count }, { onSuccess: (generated) => setDialog({ kind: 'generated', houseId: selectedHouse.id, houseName: selectedHouse.name, codes: generated }) })
          }
        />
      )}
      {dialog.kind === 'generated' && <GeneratedCodesModal houseId={dialog.houseId} houseName={dialog.houseName} codes={dialog.codes} onClose={close} />}
      <ConfirmModal
        opened={dialog.kind === 'delete'}
        title="Delete Access Code"
        message={dialog.kind === 'delete' ? `Are you sure you want to delete the access code ${dialog.code.code}?` : ''}
        onClose={close}
        onConfirm={() => dialog.kind === 'delete' && remove.mutate(dialog.code.id)}
      />
    </section>
  );
}
