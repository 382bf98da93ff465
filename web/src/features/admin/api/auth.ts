import { mutationOptions, useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type AdminUser, type LoginRequest } from '@contract/auth';
import { failureSchema } from '@contract/common';
import { api } from '@/lib/api-client';
import { adminRequest } from '../lib/admin-request';

export type LoginResult = { ok: true; user: AdminUser } | { ok: false; error: string | null };

/** A refusal (4xx) is an answer with the server's text; no usable answer rejects. */
export const login = async (body: LoginRequest): Promise<LoginResult> => {
  const response = await api.post<unknown>('/admin/login', body, { validateStatus: (status) => status < 500 });
  const success = loginResponseSchema.safeParse(response.data);
  if (success.success) return { ok: true, user: success.data.user };
  const failure = failureSchema.safeParse(response.data);
  if (response.status < 300 && !failure.success) throw new Error('Unreadable sign-in answer');
  return { ok: false, error: failure.success && failure.data.error.trim() ? failure.data.error : null };
};

export const loginMutationOptions = () => mutationOptions({ mutationKey: ['admin', 'login'], mutationFn: login });
export const useLogin = () => useMutation(loginMutationOptions());

export const logout = async () => {
  await adminRequest({ method: 'POST', url: '/admin/logout' });
};

export const logoutMutationOptions = () => mutationOptions({ mutationKey: ['admin', 'logout'], mutationFn: logout });
export const useLogout = () => useMutation(logoutMutationOptions());
