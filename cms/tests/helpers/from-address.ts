import http from 'node:http';

export type AnswerFrom = { status: number; body: Record<string, unknown>; cookies: string[] };

/**
 * Calls a server from a chosen loopback address (127.0.0.2, 127.0.0.3, …): on one machine, as
 * many clients as there are addresses, each with the connection's address the proxies see.
 */
export function callFrom(
  baseUrl: string,
  localAddress: string,
  method: string,
  path: string,
  { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<AnswerFrom> {
  const { hostname, port } = new URL(baseUrl);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const allHeaders: Record<string, string | number> = { ...headers, connection: 'close' };
  if (payload) Object.assign(allHeaders, { 'content-type': 'application/json', 'content-length': payload.length });
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method, localAddress, headers: allHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Record<string, unknown> = {};
        try {
          parsed = JSON.parse(text) as Record<string, unknown>;
        } catch {
          parsed = { text };
        }
        resolve({ status: response.statusCode ?? 0, body: parsed, cookies: response.headers['set-cookie'] ?? [] });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** What a client writes to pass for someone else: none of it may name the client to the cms. */
export const forgedAddressHeaders = (n: number): Record<string, string> => ({
  'x-forwarded-for': `198.51.100.${n % 250}`,
  'x-real-ip': `192.0.2.${n % 250}`,
  forwarded: `for=203.0.113.${n % 250}`,
});
