/*
 * The access form works before any script has arrived (issue 43): it is a plain form posted to
 * the page's own address, and the site's server asks the cms about the code, as the app would,
 * and renders the page with the answer in it (web/server/site-server.mjs). The answer travels in
 * the page's state under SENT_CODE_QUERY_KEY, so the takeover shows what the server showed.
 */
import { ACCESS_CODE_MESSAGES } from '@contract/access-code-rules';
import { drawQrCode } from '@/components/qr-code';
import { isHttpUrl } from '@/lib/safe-url';
import { CHAT_QR } from '../components/house-welcome';
import { verifyCode, type VerifyCodeResult } from './verify-code';

export const ACCESS_PATH = '/enthuelle-dein-wappen';
export const SENT_CODE_QUERY_KEY = ['access-code', 'sent-as-form'] as const;

/** How long the server waits for the cms's answer before it says the check failed. */
const CMS_ANSWER_WITHIN_MS = 5000;

/**
 * A code sent as a form: as typed, the cms's answer (null when none came), the status the page
 * goes out with (200 for a house, 400 for a refused code, 429 while locked, 503 without an
 * answer), and the house chat's QR code drawn here, so the page shows it before any script.
 */
export type SentCodeAnswer = { code: string; result: VerifyCodeResult | null; status: number; chatQrCode?: string | null };

/** The cms's answer to a code sent from clientAddress, asked for as the address's own call (its limits count there). */
export async function answerSentCode(code: string, clientAddress: string): Promise<SentCodeAnswer> {
  const typed = code.trim();
  if (!typed) return { code, result: { verified: false, error: ACCESS_CODE_MESSAGES.empty, retryAfterSeconds: null }, status: 400 };
  try {
    const result = await verifyCode(typed, {
      headers: { 'X-Forwarded-For': clientAddress, 'X-Real-IP': clientAddress },
      signal: AbortSignal.timeout(CMS_ANSWER_WITHIN_MS),
    });
    if (result.verified) {
      const { chatUrl } = result.house;
      const chatQrCode = isHttpUrl(chatUrl) ? await drawQrCode(chatUrl, CHAT_QR.size, CHAT_QR.margin).catch(() => null) : null;
      return { code, result, status: 200, chatQrCode };
    }
    return { code, result, status: result.retryAfterSeconds === null ? 400 : 429 };
  } catch {
    return { code, result: null, status: 503 };
  }
}
