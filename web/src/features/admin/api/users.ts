import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { importUsersResponseSchema, usersPageResponseSchema, type ImportResults, type User, type UserSortField } from '@contract/users';
import { adminPage, adminRequest } from '../lib/admin-request';
import type { CsvDialect } from '@contract/csv-export';
import { downloadExport } from '../lib/download-csv';
import { listSearchParams, type ListParams } from '../lib/list-state';

export type { User, UserSortField };

export type UserFormValues = { username: string; password: string; houseId: number | null; isAdmin: boolean };

const EMPTY_PAGE = { rows: [] as User[], total: 0 };

export const getUsersPage = (params: ListParams<UserSortField>) =>
  adminPage(
    '/admin/users',
    listSearchParams(params),
    (data) => {
      const parsed = usersPageResponseSchema.safeParse(data);
      return parsed.success ? { rows: parsed.data.users, total: parsed.data.total } : null;
    },
    EMPTY_PAGE,
  );

export const usersQueryOptions = (params: ListParams<UserSortField>) =>
  queryOptions({ queryKey: ['admin', 'users', params], queryFn: () => getUsersPage(params), placeholderData: keepPreviousData });
export const useUsersPage = (params: ListParams<UserSortField>) => useQuery(usersQueryOptions(params));

export const createUser = (values: UserFormValues) => adminRequest({ method: 'POST', url: '/admin/users', data: values });

/** A blank password keeps the current one, so it is left out (SPEC §5). */
export const updateUser = ({ id, values }: { id: number; values: UserFormValues }) => {
  const { password, ...rest } = values;
  return adminRequest({ method: 'PUT', url: `/admin/users/${id}`, data: password ? { ...rest, password } : rest });
};

export const deleteUser = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/users/${id}` });

export const exportUsers = (dialect?: CsvDialect) => downloadExport('/admin/export/users', 'users.csv', dialect);

export const importUsers = async (csv: string): Promise<ImportResults> => {
  const data = await adminRequest({ method: 'POST', url: '/admin/import/users', data: { csv } });
  return importUsersResponseSchema.parse(data).results;
};
