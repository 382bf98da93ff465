import { queryOptions, useQuery } from '@tanstack/react-query';
import { generateCodesResponseSchema } from '@contract/access-codes';
import { housesResponseSchema, type House, type HouseInput } from '@contract/houses';
import { adminList, adminRequest } from '../lib/admin-request';

export type { House, HouseInput };

export const getHouses = () =>
  adminList('/admin/houses', (data) => {
    const parsed = housesResponseSchema.safeParse(data);
    return parsed.success ? parsed.data.houses : null;
  });

export const housesQueryOptions = () => queryOptions({ queryKey: ['admin', 'houses'], queryFn: getHouses });
export const useHouses = () => useQuery(housesQueryOptions());

export const createHouse = (values: HouseInput) => adminRequest({ method: 'POST', url: '/admin/houses', data: values });
export const updateHouse = ({ id, values }: { id: number; values: HouseInput }) =>
  adminRequest({ method: 'PUT', url: `/admin/houses/${id}`, data: values });
export const deleteHouse = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/houses/${id}` });

export const generateCodes = async ({ houseId, count }: { houseId: number; count: number }) => {
  const data = await adminRequest({ method: 'POST', url: '/admin/generate-codes', data: { houseId, count } });
  return generateCodesResponseSchema.parse(data).codes;
};
