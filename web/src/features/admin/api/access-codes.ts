import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accessCodesPageResponseSchema, type AccessCode, type AccessCodeSortField } from '@contract/access-codes';
import { adminPage, adminRequest } from '../lib/admin-request';
import type { CsvDialect } from '@contract/csv-export';
import { downloadExport } from '../lib/download-csv';
import { listSearchParams, type ListParams } from '../lib/list-state';
import { LIST_LIMITS } from '@contract/list-query';

export type { AccessCode, AccessCodeSortField };

export type AccessCodeFilters = { houseId: number | null; status: 'used' | 'available' | null };

const EMPTY_PAGE = { rows: [] as AccessCode[], total: 0, counts: { total: 0, used: 0 } };

export const getAccessCodesPage = (params: ListParams<AccessCodeSortField>, { houseId, status }: AccessCodeFilters) =>
  adminPage(
    '/admin/access-codes',
    { ...listSearchParams(params), ...(houseId === null ? {} : { houseId }), ...(status === null ? {} : { status }) },
    (data) => {
      const parsed = accessCodesPageResponseSchema.safeParse(data);
      return parsed.success ? { rows: parsed.data.accessCodes, total: parsed.data.total, counts: parsed.data.counts } : null;
    },
    EMPTY_PAGE,
  );

export const accessCodesQueryOptions = (params: ListParams<AccessCodeSortField>, filters: AccessCodeFilters) =>
  queryOptions({
    queryKey: ['admin', 'access-codes', params, filters],
    queryFn: () => getAccessCodesPage(params, filters),
    placeholderData: keepPreviousData,
  });
export const useAccessCodesPage = (params: ListParams<AccessCodeSortField>, filters: AccessCodeFilters) =>
  useQuery(accessCodesQueryOptions(params, filters));

export const exportAccessCodes = (dialect?: CsvDialect) => downloadExport('/admin/export/access-codes', 'access-codes.csv', dialect);

export const deleteAccessCode = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/access-codes/${id}` });

/** Pages read at most for one house's open codes: 50 × 100 codes, far above a house's guests. */
const MAX_OPEN_CODE_PAGES = 50;

/**
 * Every open (not yet used) code of one house, oldest first: one hand-out for a house whose codes
 * were generated in several goes. Read page by page, as the list reads them, within a bound.
 */
export async function getOpenCodesOfHouse(houseId: number): Promise<string[]> {
  const codes: string[] = [];
  for (let page = 1; page <= MAX_OPEN_CODE_PAGES; page++) {
    const data = await adminRequest({
      method: 'GET',
      url: '/admin/access-codes',
      params: { page, pageSize: LIST_LIMITS.maxPageSize, sort: 'id', order: 'asc', houseId, status: 'available' },
    });
    const { accessCodes, total } = accessCodesPageResponseSchema.parse(data);
    codes.push(...accessCodes.map((row) => row.code));
    if (accessCodes.length === 0 || codes.length >= total) break;
  }
  return codes;
}

export const openCodesQueryOptions = (houseId: number) =>
  queryOptions({ queryKey: ['admin', 'access-codes', 'open', houseId], queryFn: () => getOpenCodesOfHouse(houseId), staleTime: 0 });
