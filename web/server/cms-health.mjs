// What the site's server says about the cms in its /_health (site-server.mjs): the site is only
// as healthy as the cms its pages and /api come from. One probe at a time, its answer kept for a
// moment, so a burst of health checks costs the cms one request; a cms that hangs costs each
// health check at most the probe's timeout.

/** The cms's cheapest public read, answered from its own cache; any answer below 500 means it works. */
export const CMS_PROBE_PATH = '/api/settings/shop_enabled';

/**
 * Keeps the cms's state as a probe of CMS_PROBE_PATH last found it. state() answers from a probe
 * at most freshMs old, or starts one (unless one is under way) and waits for it, which takes at
 * most timeoutMs.
 */
export function createCmsHealth(cmsUrl, { freshMs = 2000, timeoutMs = 2000 } = {}) {
  let last = null;
  let probing = null;

  const probe = async () => {
    const startedAt = Date.now();
    try {
      const answer = await fetch(new URL(CMS_PROBE_PATH, cmsUrl), { signal: AbortSignal.timeout(timeoutMs) });
      await answer.body?.cancel();
      return answer.status < 500 ? { ok: true, at: startedAt } : { ok: false, at: startedAt, reason: `answered ${answer.status}` };
    } catch (error) {
      const reason = error?.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'not reachable';
      return { ok: false, at: startedAt, reason };
    }
  };

  return {
    /** { ok, reason? } of the cms, no older than freshMs (plus the probe's own time). */
    async state() {
      if (last && Date.now() - last.at < freshMs) return last;
      probing ??= probe().then((result) => {
        last = result;
        probing = null;
        return result;
      });
      return probing;
    },
  };
}

/** The answer to /_health: 200 when the site's server and the cms both work, 503 naming what does not. */
export async function healthAnswer(health) {
  const cms = await health.state();
  return cms.ok
    ? { status: 200, body: { status: 'ok', cms: 'ok' } }
    : { status: 503, body: { status: 'unavailable', cms: `down: ${cms.reason}` } };
}
