import { Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { LIST_LIMITS, type SortOrder } from '@contract/list-query';
import type { ListState } from '../lib/list-state';
import classes from './list-controls.module.css';

type ListControlsProps<Sort extends string> = {
  /** What the list holds, for the labels ("Search users"). */
  noun: string;
  state: ListState<Sort>;
  sortOptions: { value: Sort; label: string }[];
  /** Filters beside the search (house, status). */
  children?: ReactNode;
};

/** Search, sort and order above a dashboard list. */
export function ListControls<Sort extends string>({ noun, state, sortOptions, children }: ListControlsProps<Sort>) {
  return (
    <div className={classes.controls}>
      <TextInput
        className={classes.search}
        type="search"
        label={`Search ${noun}`}
        value={state.search}
        maxLength={LIST_LIMITS.maxSearch}
        onChange={(event) => state.setSearch(event.currentTarget.value)}
      />
      {children}
      <Select
        label="Sort by"
        data={sortOptions}
        value={state.params.sort}
        onChange={(value) => value && state.setSort(value as Sort)}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Order"
        data={[
          { value: 'asc', label: 'Ascending' },
          { value: 'desc', label: 'Descending' },
        ]}
        value={state.params.order}
        onChange={(value) => value && state.setOrder(value as SortOrder)}
        allowDeselect={false}
        w={140}
      />
    </div>
  );
}

type ListPagesProps<Sort extends string> = {
  noun: string;
  state: ListState<Sort>;
  total: number;
  /** The rows shown are still the previous page's, while the asked-for one loads. */
  stale: boolean;
};

/** "21–40 of 600" and the page buttons below a list. */
export function ListPages<Sort extends string>({ noun, state, total, stale }: ListPagesProps<Sort>) {
  const { page, pageSize } = state.params;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" aria-live="polite">
        {stale ? `Loading ${noun}...` : `${first}–${last} of ${total} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={state.setPage}
          siblings={0}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  );
}
