import { z } from 'zod';
import { HOUSE_MESSAGES, houseIdFieldSchema } from './houses';
import { listQuerySchema, pageInfoSchema } from './list-query';

export const USER_MESSAGES = {
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be at most 100 characters',
  usernameNotText: 'Username must be text',
  usernameControlCharacters: 'Username must not contain control characters',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordNotText: 'Password must be text',
  invalidHouse: HOUSE_MESSAGES.invalidReference,
  unknownHouse: 'The selected house does not exist',
  invalidIsAdmin: 'isAdmin must be true or false',
  invalidUser: 'Invalid user data',
  duplicateUsername: 'This username is already taken',
  invalidId: 'Invalid user id',
  notFound: 'User not found',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDemoteSelf: 'You cannot remove your own admin rights',
} as const;

export const CSV_IMPORT_LIMITS = { maxChars: 256 * 1024, maxRows: 1000 } as const;

export const CSV_MESSAGES = {
  empty: 'CSV content cannot be empty',
  notText: 'CSV content must be text',
  tooLarge: 'CSV content is too large (at most 256 KB)',
  tooManyRows: `CSV content may contain at most ${CSV_IMPORT_LIMITS.maxRows} users`,
  missingColumns: 'The CSV header must contain the column username',
  noDataRows: 'The CSV content has a header line but no data rows: add one line per user below the header',
  existingUserWithPassword: 'This username is already taken; leave the password empty to update its house and admin rights',
  newUserNeedsPassword: 'A new user needs a password (at least 6 characters)',
  unknownHouseName: (name: string) => `There is no house called "${name}"`,
  unknownHouseId: (id: number) => `There is no house with the id ${id}`,
  houseColumnsDisagree: 'The house and houseId cells name different houses',
  repeatedUsername: (line: number) => `The same username is already on line ${line}`,
  idOfOtherUser: (username: string) => `This id belongs to the user "${username}"; rename users in the dashboard, not by import`,
  unclosedQuote: 'A quoted cell that starts on this line is never closed (a " is missing)',
  unreadableText: 'The row holds characters that could not be read; save the file as "CSV UTF-8"',
  notSaved: 'The user could not be saved',
} as const;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const usernameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? USER_MESSAGES.usernameTooShort : USER_MESSAGES.usernameNotText) })
  .trim()
  .min(3, USER_MESSAGES.usernameTooShort)
  .max(100, USER_MESSAGES.usernameTooLong)
  .regex(/^[^\p{Cc}]+$/u, USER_MESSAGES.usernameControlCharacters);

const passwordSchema = z
  .string({ error: (issue) => (issue.input === undefined ? USER_MESSAGES.passwordTooShort : USER_MESSAGES.passwordNotText) })
  .min(6, USER_MESSAGES.passwordTooShort)
  .max(128, USER_MESSAGES.passwordTooLong);

const isAdminSchema = z.boolean({ error: USER_MESSAGES.invalidIsAdmin });

export const userCreateSchema = z.object(
  {
    username: usernameSchema,
    password: z.preprocess(blankToUndefined, passwordSchema),
    houseId: houseIdFieldSchema.optional().transform((id) => id ?? null),
    isAdmin: z.preprocess((value) => value ?? undefined, isAdminSchema.default(false)),
  },
  { error: USER_MESSAGES.invalidUser },
);
export type UserCreate = z.infer<typeof userCreateSchema>;

/** An edit: a blank password keeps the current one; an absent houseId or isAdmin keeps its value. */
export const userUpdateSchema = z.object(
  {
    username: usernameSchema,
    password: z.preprocess(blankToUndefined, passwordSchema.optional()),
    houseId: houseIdFieldSchema.optional(),
    isAdmin: z.preprocess((value) => value ?? undefined, isAdminSchema.optional()),
  },
  { error: USER_MESSAGES.invalidUser },
);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** A user as the dashboard sees it: never a password, hash or e-mail. */
export const userSchema = z.strictObject({
  id: z.number().int(),
  username: z.string(),
  houseId: z.number().int().nullable(),
  isAdmin: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const usersResponseSchema = z.object({ success: z.literal(true), users: z.array(userSchema) });
export type UsersResponse = z.infer<typeof usersResponseSchema>;

export const USER_SORT_FIELDS = ['id', 'username', 'house', 'isAdmin'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** GET /admin/users?page=&pageSize=&search=&sort=&order=: a page of the users whose name holds every word. */
export const usersQuerySchema = listQuerySchema(USER_SORT_FIELDS, {});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

export const usersPageResponseSchema = usersResponseSchema.extend(pageInfoSchema.shape);
export type UsersPageResponse = z.infer<typeof usersPageResponseSchema>;

export const userResponseSchema = z.object({ success: z.literal(true), user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

export const importUsersRequestSchema = z.object(
  {
    csv: z
      .string({ error: (issue) => (issue.input === undefined ? CSV_MESSAGES.empty : CSV_MESSAGES.notText) })
      .refine((text) => text.trim() !== '', CSV_MESSAGES.empty),
  },
  { error: CSV_MESSAGES.empty },
);
export type ImportUsersRequest = z.infer<typeof importUsersRequestSchema>;

export const ROW_PROBLEM_SEPARATOR = ' · ';

export const IMPORT_OUTCOMES = ['created', 'updated', 'unchanged', 'failed'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/**
 * What became of one data row: its line as a spreadsheet numbers it, and in clear words why it
 * failed: every problem found in the row, joined by ROW_PROBLEM_SEPARATOR.
 */
export const importRowSchema = z.object({
  line: z.number().int(),
  username: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  reason: z.string(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** success and failed count rows (SPEC); errors names the failed lines as before; rows tells every row's outcome. */
export const importResultsSchema = z.object({
  success: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), error: z.string() })),
  rows: z.array(importRowSchema),
});
export type ImportResults = z.infer<typeof importResultsSchema>;

export const importUsersResponseSchema = z.object({ success: z.literal(true), results: importResultsSchema });
export type ImportUsersResponse = z.infer<typeof importUsersResponseSchema>;
