import { z } from 'zod';

export const LOGIN_MESSAGES = {
  usernameRequired: 'Benutzername wird benötigt',
  passwordRequired: 'Passwort wird benötigt',
  invalidCredentials: 'Ungültige Anmeldeinformationen',
  tooManyAttempts: 'Zu viele fehlgeschlagene Anmeldungen. Bitte warte ein paar Minuten.',
} as const;

export const loginRequestSchema = z.object({
  username: z.string({ error: LOGIN_MESSAGES.usernameRequired }).trim().min(1, LOGIN_MESSAGES.usernameRequired).max(200, LOGIN_MESSAGES.invalidCredentials),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired }).min(1, LOGIN_MESSAGES.passwordRequired).max(200, LOGIN_MESSAGES.invalidCredentials),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What the dashboard keeps in localStorage as adminUser: no hash, no secret (DECISIONS §4). */
export const adminUserSchema = z.object({ id: z.number().int(), username: z.string(), isAdmin: z.literal(true) });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginResponseSchema = z.object({ success: z.literal(true), user: adminUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;
