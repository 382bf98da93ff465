import { queryOptions, useQuery } from '@tanstack/react-query';
import { accessCodesResponseSchema, type AccessCode } from '@contract/access-codes';
import { adminList, adminRequest } from '../lib/admin-request';
import { downloadCsv } from '../lib/download-csv';

export type { AccessCode };

export const getAccessCodes = (houseId: number | null) =>
  adminList(
    '/admin/access-codes',
    (data) => {
      const parsed = accessCodesResponseSchema.safeParse(data);
      return parsed.success ? parsed.data.accessCodes : null;
    },
    houseId === null ? undefined : { houseId },
  );

export const accessCodesQueryOptions = (houseId: number | null) =>
  queryOptions({ queryKey: ['admin', 'access-codes', houseId], queryFn: () => getAccessCodes(houseId) });
export const useAccessCodes = (houseId: number | null) => useQuery(accessCodesQueryOptions(houseId));

export const exportAccessCodes = () => downloadCsv('/admin/export/access-codes', 'access-codes.csv');

export const deleteAccessCode = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/access-codes/${id}` });
