import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

// SPEC §9: data is fetched once per page load and never refetched or retried behind the visitor's back.
export const queryDefaults = {
  queries: {
    refetchInterval: false,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    retry: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

export const createQueryClient = () => new QueryClient({ defaultOptions: queryDefaults });
