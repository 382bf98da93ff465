import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { LIST_LIMITS, type SortOrder } from '@contract/list-query';

/** What a dashboard list asks the server for: one page, searched, sorted and filtered. */
export type ListParams<Sort extends string> = {
  page: number;
  pageSize: number;
  search: string;
  sort: Sort;
  order: SortOrder;
};

/**
 * The state of a paged list. The search reaches the server 300 ms after the last key, and any
 * change but the page's goes back to page 1, where the organiser's new rows begin.
 */
export function useListState<Sort extends string>(defaultSort: Sort, defaultOrder: SortOrder = 'asc') {
  const [page, setPage] = useState(1);
  const [search, setSearchNow] = useState('');
  const [sort, setSortNow] = useState<Sort>(defaultSort);
  const [order, setOrderNow] = useState<SortOrder>(defaultOrder);
  const [debouncedSearch] = useDebouncedValue(search.slice(0, LIST_LIMITS.maxSearch), 300);
  const firstPage =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const params: ListParams<Sort> = { page, pageSize: LIST_LIMITS.defaultPageSize, search: debouncedSearch.trim(), sort, order };
  return {
    params,
    search,
    setSearch: firstPage(setSearchNow),
    setSort: firstPage(setSortNow),
    setOrder: firstPage(setOrderNow),
    setPage,
    /** Wraps a filter's setter so that it, too, starts at page 1. */
    firstPage,
  };
}

export type ListState<Sort extends string> = ReturnType<typeof useListState<Sort>>;

/** The query parameters of a list call; an empty search is left out. */
export const listSearchParams = <Sort extends string>({ search, ...rest }: ListParams<Sort>) => (search ? { ...rest, search } : rest);
