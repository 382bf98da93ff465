import { queryOptions, useQuery } from '@tanstack/react-query';
import { generateCodesResponseSchema } from '@contract/access-codes';
import {
  houseCodeCountsResponseSchema,
  houseEmblemsResponseSchema,
  housesResponseSchema,
  type House,
  type HouseCodeCounts,
  type HouseEmblem,
  type HouseInput,
} from '@contract/houses';
import { adminList, adminRequest } from '../lib/admin-request';

export type { House, HouseCodeCounts, HouseEmblem, HouseInput };

export const getHouses = () =>
  adminList('/admin/houses', (data) => {
    const parsed = housesResponseSchema.safeParse(data);
    return parsed.success ? parsed.data.houses : null;
  });

export const housesQueryOptions = () => queryOptions({ queryKey: ['admin', 'houses'], queryFn: getHouses });
export const useHouses = () => useQuery(housesQueryOptions());

/** Codes issued, redeemed and open per house, counted by the server. */
export const getHouseCodeCounts = () =>
  adminList('/admin/houses/code-counts', (data) => {
    const parsed = houseCodeCountsResponseSchema.safeParse(data);
    return parsed.success ? parsed.data.counts : null;
  });
// Under 'access-codes': generating or deleting codes refreshes them.
export const houseCodeCountsQueryOptions = () => queryOptions({ queryKey: ['admin', 'access-codes', 'per-house'], queryFn: getHouseCodeCounts });
export const useHouseCodeCounts = () => useQuery(houseCodeCountsQueryOptions());

/** The images a house may show as its emblem. */
export const getHouseEmblems = () =>
  adminList('/admin/house-emblems', (data) => {
    const parsed = houseEmblemsResponseSchema.safeParse(data);
    return parsed.success ? parsed.data.emblems : null;
  });
export const houseEmblemsQueryOptions = () => queryOptions({ queryKey: ['admin', 'house-emblems'], queryFn: getHouseEmblems });
export const useHouseEmblems = () => useQuery(houseEmblemsQueryOptions());

export const createHouse = (values: HouseInput) => adminRequest({ method: 'POST', url: '/admin/houses', data: values });
export const updateHouse = ({ id, values }: { id: number; values: HouseInput }) =>
  adminRequest({ method: 'PUT', url: `/admin/houses/${id}`, data: values });
export const deleteHouse = (id: number) => adminRequest({ method: 'DELETE', url: `/admin/houses/${id}` });

export const generateCodes = async ({ houseId, count }: { houseId: number; count: number }) => {
  const data = await adminRequest({ method: 'POST', url: '/admin/generate-codes', data: { houseId, count } });
  return generateCodesResponseSchema.parse(data).codes;
};
