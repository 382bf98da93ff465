import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { accessCodesPageResponseSchema, type AccessCode, type AccessCodeSortField } from '@contract/access-codes';
import { adminPage, adminRequest } from '../lib/admin-request';
import { downloadCsv } from '../lib/download-csv';
import { listSearchParams, type ListParams } from '../lib/list-state';

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

export const exportAccessCodes = () => downloadCsv('/admin/export/access-codes', 'access-codes.csv');

export const deleteAccessCode = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/access-codes/${id}` });
