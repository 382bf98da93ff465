import type { z } from 'zod';
import { CSV_MESSAGES, ROW_PROBLEM_SEPARATOR, USER_MESSAGES, type User } from '../../../contract/users';
import { houseIdFieldSchema } from '../../../contract/houses';
import { ApiError, badRequest } from '../../../http/api-error';
import { issueMessage, parseInput } from '../../../http/validate';
import { unguardCell } from './users-csv';

export type UsersCsvColumns = Record<'id' | 'username' | 'password' | 'house' | 'houseId' | 'isAdmin', number>;

/** Where each known column sits; -1 for an absent one. "House ID", "house_id" and "HouseId" are one column. */
export function readColumns(header: string[]): UsersCsvColumns {
  const names = header.map((cell) => cell.trim().toLowerCase().replace(/[\s_-]/g, ''));
  const at = (name: string) => names.indexOf(name);
  return { id: at('id'), username: at('username'), password: at('password'), house: at('house'), houseId: at('houseid'), isAdmin: at('isadmin') };
}

/** The users as the import goes along, found by name (any letter case) or by an id cell. */
export class KnownUsers {
  private readonly byLowerName = new Map<string, User>();
  private readonly byUserId = new Map<number, User>();

  constructor(users: User[]) {
    users.forEach((user) => this.add(user));
  }

  add(user: User) {
    this.byLowerName.set(user.username.toLowerCase(), user);
    this.byUserId.set(user.id, user);
  }

  byName(lowerName: string): User | undefined {
    return this.byLowerName.get(lowerName);
  }

  byIdCell(cell: string | undefined): User | undefined {
    const id = cell?.trim();
    return id && /^\d{1,10}$/.test(id) ? this.byUserId.get(Number(id)) : undefined;
  }
}

/** A house as a row names it: by name in a `house` column (as the export writes it), by number in `houseId`. */
export class HouseLookup {
  private readonly byLowerName = new Map<string, number>();
  private readonly ids: Set<number>;

  constructor(houses: { id: number; name: string }[]) {
    houses.forEach((house) => this.byLowerName.set(house.name.trim().toLowerCase(), house.id));
    this.ids = new Set(houses.map((house) => house.id));
  }

  /** A house id, null for none, undefined when the file has no house column (the house stays as it is). */
  resolve(houseCell: string | undefined, houseIdCell: string | undefined, hasHouseColumn: boolean): number | null | undefined {
    if (!hasHouseColumn) return undefined;
    const byName = this.byNameCell(houseCell);
    const byId = this.byIdCell(houseIdCell);
    if (byName !== undefined && byId !== undefined && byName !== byId) throw badRequest(CSV_MESSAGES.houseColumnsDisagree);
    return byId ?? byName ?? null;
  }

  private byNameCell(cell: string | undefined): number | undefined {
    const name = unguardCell(cell ?? '').trim();
    if (name === '') return undefined;
    const id = this.byLowerName.get(name.toLowerCase());
    if (id !== undefined) return id;
    // The users table shows "None" for no house, and a house's number where its name is unknown.
    if (name.toLowerCase() === 'none') return undefined;
    if (/^\d{1,10}$/.test(name) && this.ids.has(Number(name))) return Number(name);
    throw badRequest(CSV_MESSAGES.unknownHouseName(name));
  }

  private byIdCell(cell: string | undefined): number | undefined {
    const id = parseInput(houseIdFieldSchema, cell ?? '', USER_MESSAGES.invalidHouse);
    if (id === null) return undefined;
    if (!this.ids.has(id)) throw badRequest(USER_MESSAGES.unknownHouse);
    return id;
  }
}

/** The problems of one import row, gathered so that all of them are reported at once. */
export class RowProblems {
  private readonly messages: string[] = [];
  private status = 400;

  add(message: string, status = 400) {
    if (!this.messages.includes(message)) this.messages.push(message);
    if (status !== 400) this.status = status;
  }

  /** The value of a check, or undefined with its refusal noted. */
  check<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      this.add(error.message, error.status);
      return undefined;
    }
  }

  /** The parsed input, or undefined with every issue noted, except those on the fields already reported. */
  parse<T extends z.ZodType>(schema: T, input: unknown, reported: string[] = []): z.infer<T> | undefined {
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      if (!reported.includes(String(issue.path[0]))) this.add(issueMessage(issue, USER_MESSAGES.invalidUser));
    }
    return undefined;
  }

  /** Refuses the row with every problem in one message. */
  throwIfAny() {
    if (this.messages.length > 0) throw new ApiError(this.status, this.messages.join(ROW_PROBLEM_SEPARATOR));
  }
}
