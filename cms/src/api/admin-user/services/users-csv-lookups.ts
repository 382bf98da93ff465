import { CSV_MESSAGES, USER_MESSAGES, type User } from '../../../contract/users';
import { houseIdFieldSchema } from '../../../contract/houses';
import { badRequest } from '../../../http/api-error';
import { parseInput } from '../../../http/validate';
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
