import { adminUserSchema, type AdminUser } from '@contract/auth';
import { ApiError } from '@/lib/api-client';

export const ADMIN_STORAGE_KEY = 'adminUser';
export const SESSION_EXPIRED_EVENT = 'admin-session-expired';

/** The stored admin login, or null (and removed) when it is missing, malformed or not an admin. */
export function readAdminUser(): AdminUser | null {
  const raw = localStorage.getItem(ADMIN_STORAGE_KEY);
  if (raw === null) return null;
  try {
    const parsed = adminUserSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // malformed JSON falls through to removal
  }
  localStorage.removeItem(ADMIN_STORAGE_KEY);
  return null;
}

export function storeAdminUser(user: AdminUser) {
  const { id, username, isAdmin } = user;
  localStorage.setItem(ADMIN_STORAGE_KEY, JSON.stringify({ id, username, isAdmin }));
}

export function clearAdminUser() {
  localStorage.removeItem(ADMIN_STORAGE_KEY);
}

export const ADMIN_AUTH_REQUIRED = 'Admin authentication required';

/** The x-user-id header every admin call sends (SPEC §6). */
export function adminHeaders(): Record<string, string> {
  const user = readAdminUser();
  if (!user) throw new Error(ADMIN_AUTH_REQUIRED);
  return { 'x-user-id': String(user.id) };
}

/** A 401 means the session cookie expired: the guard hears this and sends the admin to sign in again. */
export function reportIfExpired(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    clearAdminUser();
    window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  }
}

/** The server's error text from an ApiError message ("400: {json}"), or null. */
export function serverErrorText(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const match = /^\d{3}: (.*)$/s.exec(error.message);
  if (!match) return null;
  try {
    const body: unknown = JSON.parse(match[1]);
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim()) {
      return body.error;
    }
  } catch {
    return null;
  }
  return null;
}
