import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportFigures } from '../helpers/figures';
import { signIn } from '../helpers/api-client';
import { startTestServer, TEST_ORGANISER, TEST_SUPER_ADMIN } from '../helpers/strapi';
import { filesBelow, residentMb, send, startFrontDoor, type FrontDoor, type Outcome } from './support/front-door';
import { hostileRequest, prepareImages, randomSource, type Credentials, type HostileRequest, type Route } from './support/hostile-requests';

// Nothing a client sends stops the site. Requests generated from a wide alphabet go to every
// route the cms router lists (ours and Strapi's own: panel API, content manager, upload,
// users-permissions, i18n, the core REST of each content type) and to the site's own pages and
// files, all through the site's server as `npm start` runs it, a slice of them in parallel.
// After each batch both processes must still run with the same PIDs, answer their health
// checks within a second, stay under a memory ceiling, have no temporary files left, and a
// reused connection must still work. SURVIVAL_RUNS raises the count; SURVIVAL_SEED repeats a run.

const RUNS = Number(process.env.SURVIVAL_RUNS) > 0 ? Number(process.env.SURVIVAL_RUNS) : 1500;
const SEED = Number(process.env.SURVIVAL_SEED) || Date.now() % 2 ** 31;
const BATCH = 200;
const PARALLEL = 12;
const AGENTS = 4;
/** The cms runs with a 384 MB heap: its resident memory (heap, sharp, SQLite, code) stays below this. */
const CMS_RSS_CEILING_MB = 768;
const SITE_RSS_CEILING_MB = 384;
const HEALTHY_WITHIN_MS = 1000;

// Calls of our contract refuse with { success: false, error }; Strapi's own keep their shape.
const CONTRACT_PATH = /^\/api\/(admin|shop|settings|auth\/verify-code|site-content)(\/|\?|$)/i;
const STACK_TRACE = /\n\s+at .+:\d+:\d+/;

type Failure = { request: string; problem: string };

/** Every route the cms router lists, as the site exposes it: /api/* as it is, the rest under /cms. */
async function listRoutes(): Promise<{ routes: Route[]; uids: string[] }> {
  const server = await startTestServer();
  try {
    const routes: Route[] = [];
    for (const layer of server.strapi.server.listRoutes() as { path: string | RegExp; methods: string[] }[]) {
      if (typeof layer.path !== 'string') continue;
      const sitePath = layer.path.startsWith('/api/') ? layer.path : `/cms${layer.path}`;
      for (const method of layer.methods.filter((each) => each !== 'HEAD')) routes.push({ method, path: sitePath });
    }
    return { routes, uids: Object.keys(server.strapi.contentTypes) };
  } finally {
    await server.destroy();
  }
}

describe('the site survives whatever a client sends through its front door', () => {
  let door: FrontDoor;
  let routes: Route[] = [];
  let uids: string[] = [];
  const credentials: Credentials = {};

  beforeAll(async () => {
    ({ routes, uids } = await listRoutes());
    await prepareImages();
    door = await startFrontDoor();
    const organiser = await signIn({ baseUrl: door.siteUrl }, TEST_ORGANISER.username, TEST_ORGANISER.password);
    credentials.organiser = { cookie: organiser.cookie, userId: organiser.id };
    // The panel's Super Admin, whom every panel route lets through to its handler.
    const panel = await fetch(`${door.siteUrl}/cms/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_SUPER_ADMIN),
    });
    credentials.panelToken = ((await panel.json()) as { data: { token: string } }).data.token;
  }, 240_000);

  let survived = false;
  afterAll(async () => {
    await door?.stop({ keepLogs: !survived });
  });

  it('lists routes of every part of the cms, so that a new route cannot escape the fuzz', () => {
    const paths = routes.map((route) => route.path);
    for (const part of ['/api/admin/', '/api/shop/', '/cms/admin/', '/cms/content-manager/', '/cms/upload', '/cms/users-permissions/', '/cms/i18n/', '/api/festival', '/api/upload', '/api/i18n/']) {
      expect(paths.some((each) => each.startsWith(part)), part).toBe(true);
    }
  });

  it(`answers ${RUNS} hostile requests with no crash, no 5xx, no broken connection, bounded memory and no files left`, async () => {
    const random = randomSource(SEED);
    const agents = Array.from({ length: AGENTS }, () => new http.Agent({ keepAlive: true, maxSockets: PARALLEL / AGENTS, timeout: 4000 }));
    const pids = { cms: door.cms.child.pid as number, site: door.site.pid as number };
    const failures: Failure[] = [];
    const figures = { tried: 0, refused: 0, '5xx': 0, broken: 0, crashes: 0, restarts: 0, leftoverFiles: 0, peakCmsRssMb: 0, peakSiteRssMb: 0 };
    const fail = (request: string, problem: string) => failures.length < 50 && failures.push({ request, problem });

    const judge = (request: HostileRequest, outcome: Outcome) => {
      figures.tried++;
      if (outcome.kind === 'unanswered') return fail(request.label, 'no answer within 45 s');
      if (outcome.kind === 'broken') {
        figures.broken++;
        return fail(request.label, `connection broken (${outcome.error}, ${outcome.reusedSocket ? 'reused' : 'new'} connection)`);
      }
      if (outcome.status >= 500) {
        figures['5xx']++;
        fail(request.label, `answered ${outcome.status}: ${outcome.text.slice(0, 160)}`);
      }
      if (outcome.status >= 400 && outcome.status < 500) figures.refused++;
      if (STACK_TRACE.test(outcome.text)) fail(request.label, `a stack trace in the answer: ${outcome.text.slice(0, 160)}`);
      if (CONTRACT_PATH.test(request.path) && outcome.status >= 400 && outcome.status < 500 && request.method !== 'HEAD') {
        let body: unknown;
        try {
          body = JSON.parse(outcome.text);
        } catch {
          // judged below
        }
        const shaped = typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false && typeof (body as { error?: unknown }).error === 'string';
        if (!shaped) fail(request.label, `refused without { success: false, error }: ${outcome.status} ${outcome.text.slice(0, 160)}`);
      }
    };

    const sampleMemory = async () => {
      figures.peakCmsRssMb = Math.max(figures.peakCmsRssMb, await residentMb(pids.cms));
      figures.peakSiteRssMb = Math.max(figures.peakSiteRssMb, await residentMb(pids.site));
    };

    /** After a batch: same processes, healthy within a second, memory under the ceiling, no files left, a reused connection works. */
    const checkup = async (batch: number) => {
      const where = `after batch ${batch} (seed ${SEED})`;
      if (door.cms.child.exitCode !== null || door.cms.child.signalCode !== null) figures.crashes++;
      if (door.site.exitCode !== null || door.site.signalCode !== null) figures.crashes++;
      expect({ cms: door.cms.child.pid, site: door.site.pid, cmsExit: door.cms.child.exitCode, siteExit: door.site.exitCode }, where).toEqual({ ...pids, cmsExit: null, siteExit: null });
      for (const path of ['/_health', '/cms/_health']) {
        const started = performance.now();
        const health = await fetch(`${door.siteUrl}${path}`, { signal: AbortSignal.timeout(HEALTHY_WITHIN_MS) });
        expect(health.status, `${path} ${where}`).toBeLessThan(300);
        expect(performance.now() - started, `${path} ${where}`).toBeLessThan(HEALTHY_WITHIN_MS);
      }
      await sampleMemory();
      expect(figures.peakCmsRssMb, `cms RSS ${where}`).toBeLessThan(CMS_RSS_CEILING_MB);
      expect(figures.peakSiteRssMb, `site server RSS ${where}`).toBeLessThan(SITE_RSS_CEILING_MB);
      const leftovers = await filesBelow(door.cmsTmp);
      figures.leftoverFiles = Math.max(figures.leftoverFiles, leftovers.length);
      expect(leftovers, `temporary files ${where}`).toEqual([]);
      for (const agent of agents) {
        const again = await send(door.siteUrl, agent, { label: 'reuse', method: 'GET', path: '/api/settings/shop_enabled', headers: {} });
        expect(again.kind === 'answered' && again.status, `a reused connection ${where}`).toBe(200);
      }
    };

    const memoryWatch = setInterval(() => void sampleMemory(), 250);
    try {
      for (let batch = 0; figures.tried < RUNS; batch++) {
        const requests = Array.from({ length: Math.min(BATCH, RUNS - figures.tried) }, () => hostileRequest(random, routes, uids, credentials));
        let next = 0;
        await Promise.all(
          Array.from({ length: PARALLEL }, async (_, worker) => {
            while (next < requests.length) {
              const request = requests[next++];
              judge(request, await send(door.siteUrl, agents[worker % AGENTS], request));
            }
          }),
        );
        await checkup(batch);
      }
    } finally {
      clearInterval(memoryWatch);
      for (const agent of agents) agent.destroy();
      reportFigures('survival-front-door', process.env.DATABASE_CLIENT ?? 'sqlite', { survival: figures });
    }
    expect(failures, `seed ${SEED}`).toEqual([]);
    expect(figures).toMatchObject({ '5xx': 0, broken: 0, crashes: 0, restarts: 0, leftoverFiles: 0 });
    survived = true;
  }, 900_000);
});
