import { queryOptions, useQuery } from '@tanstack/react-query';
import { importUsersResponseSchema, usersResponseSchema, type ImportResults, type User } from '@contract/users';
import { adminList, adminRequest } from '../lib/admin-request';
import { downloadCsv } from '../lib/download-csv';

export type { User };

export type UserFormValues = { username: string; password: string; houseId: number | null; isAdmin: boolean };

export const getUsers = () =>
  adminList('/admin/users', (data) => {
    const parsed = usersResponseSchema.safeParse(data);
    return parsed.success ? parsed.data.users : null;
  });

export const usersQueryOptions = () => queryOptions({ queryKey: ['admin', 'users'], queryFn: getUsers });
export const useUsers = () => useQuery(usersQueryOptions());

export const createUser = (values: UserFormValues) => adminRequest({ method: 'POST', url: '/admin/users', data: values });

/** A blank password keeps the current one, so it is left out (SPEC §5). */
export const updateUser = ({ id, values }: { id: number; values: UserFormValues }) => {
  const { password, ...rest } = values;
  return adminRequest({ method: 'PUT', url: `/admin/users/${id}`, data: password ? { ...rest, password } : rest });
};

export const deleteUser = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/users/${id}` });

export const exportUsers = () => downloadCsv('/admin/export/users', 'users.csv');

export const importUsers = async (csv: string): Promise<ImportResults> => {
  const data = await adminRequest({ method: 'POST', url: '/admin/import/users', data: { csv } });
  return importUsersResponseSchema.parse(data).results;
};
