import { z } from 'zod';

/**
 * Paging, search and sort for the dashboard's long lists (users, access codes, orders), as query
 * parameters on their GET calls. Without any of them a call answers its whole list as before.
 */
export const LIST_LIMITS = { defaultPageSize: 25, maxPageSize: 100, maxPage: 100_000, maxSearch: 100 } as const;

export const LIST_MESSAGES = {
  invalidPage: `page must be a whole number from 1 to ${LIST_LIMITS.maxPage}`,
  invalidPageSize: `pageSize must be a whole number from 1 to ${LIST_LIMITS.maxPageSize}`,
  invalidSearch: `search must be text of at most ${LIST_LIMITS.maxSearch} characters`,
  invalidSort: (fields: readonly string[]) => `sort must be one of: ${fields.join(', ')}`,
  invalidOrder: 'order must be asc or desc',
  invalidQuery: 'The list query is not valid',
  invalidStatus: (statuses: readonly string[]) => `status must be one of: ${statuses.join(', ')}`,
} as const;

const wholeNumber = (max: number, message: string) =>
  z.string({ error: message }).regex(/^\d{1,6}$/, message).transform(Number).pipe(z.number({ error: message }).int().min(1, message).max(max, message));

export type SortOrder = 'asc' | 'desc';

/**
 * The query of a list call: every field optional; `paged` tells whether the caller asked for a
 * page at all. `filters` ask for a page too; `plain` filters (an older call's) do not.
 */
export function listQuerySchema<
  const Sort extends readonly [string, ...string[]],
  Filters extends z.ZodRawShape,
  Plain extends z.ZodRawShape = Record<never, never>,
>(sortFields: Sort, filters: Filters, plain?: Plain) {
  return z
    .object({
      page: wholeNumber(LIST_LIMITS.maxPage, LIST_MESSAGES.invalidPage).optional(),
      pageSize: wholeNumber(LIST_LIMITS.maxPageSize, LIST_MESSAGES.invalidPageSize).optional(),
      search: z
        .string({ error: LIST_MESSAGES.invalidSearch })
        .max(LIST_LIMITS.maxSearch, LIST_MESSAGES.invalidSearch)
        .regex(/^[^\p{Cc}]*$/u, LIST_MESSAGES.invalidSearch)
        .transform((text) => text.trim())
        .optional(),
      sort: z.enum(sortFields, { error: LIST_MESSAGES.invalidSort(sortFields) }).optional(),
      order: z.enum(['asc', 'desc'], { error: LIST_MESSAGES.invalidOrder }).optional(),
      ...filters,
      ...(plain as Plain),
    })
    .transform((query) => {
      const given = query as typeof query & { page?: number; pageSize?: number; search?: string };
      const asked = ['page', 'pageSize', 'search', 'sort', 'order', ...Object.keys(filters)];
      return {
        ...query,
        paged: asked.some((key) => (query as Record<string, unknown>)[key] !== undefined),
        page: given.page ?? 1,
        pageSize: given.pageSize ?? LIST_LIMITS.defaultPageSize,
        search: given.search ?? '',
      };
    });
}

/** What a paged answer adds to the list: which page, its size, and how many rows match in all. */
export const pageInfoSchema = z.object({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

/** Rows to skip and take for a page. */
export const pageWindow = ({ page, pageSize }: { page: number; pageSize: number }) => ({ offset: (page - 1) * pageSize, limit: pageSize });

/** The words of a search; each must match somewhere in the row. At most 5, so a query stays small. */
export const searchWords = (search: string) => search.split(/\s+/).filter(Boolean).slice(0, 5);
