import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { VerifiedHouse } from '@contract/access-codes';
import { api } from '@/lib/api-client';

export type { VerifiedHouse };

/**
 * A code the server refused carries its error text (null when it sent none) and, when the
 * client is locked out (429), the seconds of its `Retry-After`.
 */
export type VerifyCodeResult =
  | { verified: true; house: VerifiedHouse }
  | { verified: false; error: string | null; retryAfterSeconds: number | null };

// Retry-After in seconds (the cms sends no date), within a day.
const retryAfter = (status: number, value: string | null | undefined): number | null => {
  if (status !== 429 || typeof value !== 'string' || !/^\d{1,5}$/.test(value.trim())) return null;
  return Math.min(Number(value), 86_400);
};

/**
 * Asks the cms which house a code opens. A refusal (4xx, including 429) is an answer, not a
 * failure; only a call that got no usable answer (network, 5xx) rejects.
 */
export const verifyCode = async (code: string, config: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<VerifyCodeResult> => {
  // The schemas (and zod with them) arrive beside the answer: the page never builds them before a code is sent.
  const [response, { verifyCodeResponseSchema }, { failureSchema }] = await Promise.all([
    api.post<unknown>('/auth/verify-code', { code }, { ...config, validateStatus: (status) => status < 500 }),
    import('@contract/access-codes'),
    import('@contract/common'),
  ]);
  const success = verifyCodeResponseSchema.safeParse(response.data);
  if (success.success) return { verified: true, house: success.data.house };
  const failure = failureSchema.safeParse(response.data);
  return {
    verified: false,
    error: failure.success && failure.data.error.trim() ? failure.data.error : null,
    retryAfterSeconds: retryAfter(response.status, response.headers?.get('retry-after')),
  };
};

export const verifyCodeMutationOptions = () =>
  mutationOptions({ mutationKey: ['access-code', 'verify'], mutationFn: (code: string) => verifyCode(code) });

export const useVerifyCode = () => useMutation(verifyCodeMutationOptions());
