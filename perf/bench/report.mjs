// The targets (issues 7 and 20) and how a run's figures are printed against them.
const MB = 1024 * 1024;

export const TARGETS = {
  readShareOfBaseline: 0.25,
  readTimesPeer: 5,
  readP99Ms: 25,
  pageShareOfStaticFile: 0.5,
  pageP99Ms: 100,
  ordersPerSecond: { sqlite: 500, postgres: 1000 },
  orderP99Ms: 100,
  verifyPerSecond: { sqlite: 500, postgres: 1000 },
  coldStartMs: 3000,
  rssBytes: 400 * MB,
};

/** 409 is the shop's answer to a shortage; any other refusal or a lost request is an error. */
export const writeErrors = (result, allowed = []) =>
  result.socketErrors +
  Object.entries(result.statusCounts)
    .filter(([status]) => !(Number(status) < 300 || allowed.includes(Number(status))))
    .reduce((sum, [, count]) => sum + count, 0);

export function judge(figures) {
  const checks = [];
  const check = (name, measured, target, pass) => checks.push({ name, measured, target, pass });
  for (const read of figures.reads) {
    check(`${read.name}: share of the bare baseline`, pct(read.ofBaseline), `≥ ${pct(TARGETS.readShareOfBaseline)}`, read.ofBaseline >= TARGETS.readShareOfBaseline);
    // A peer that answered nothing in the run (all its requests timed out) compares nothing.
    const compared = Number.isFinite(read.overPeer);
    check(`${read.name}: times the stock ${read.peer.name}`, compared ? `${read.overPeer.toFixed(1)}×` : 'peer answered nothing', `≥ ${TARGETS.readTimesPeer}×`, compared && read.overPeer >= TARGETS.readTimesPeer);
    check(`${read.name}: p99`, ms(read.cms.p99Ms), `≤ ${TARGETS.readP99Ms} ms`, read.cms.p99Ms <= TARGETS.readP99Ms);
    check(`${read.name}: non-2xx`, String(read.cms.non2xx + read.cms.socketErrors), '0', read.cms.non2xx + read.cms.socketErrors === 0);
  }
  for (const page of figures.pages.rendered) {
    check(`${page.name}: share of a static file of its size`, pct(page.ofFile), `≥ ${pct(TARGETS.pageShareOfStaticFile)}`, page.ofFile >= TARGETS.pageShareOfStaticFile);
    check(`${page.name}: p99`, ms(page.site.p99Ms), `≤ ${TARGETS.pageP99Ms} ms`, page.site.p99Ms <= TARGETS.pageP99Ms);
    check(`${page.name}: non-2xx`, String(page.site.non2xx + page.site.socketErrors), '0', page.site.non2xx + page.site.socketErrors === 0);
  }
  const db = figures.database;
  const orderErrors = writeErrors(figures.orders, [409]);
  check('POST /api/shop/orders: per second', rps(figures.orders.requestsPerSecond), `≥ ${TARGETS.ordersPerSecond[db]}`, figures.orders.requestsPerSecond >= TARGETS.ordersPerSecond[db]);
  check('POST /api/shop/orders: p99', ms(figures.orders.p99Ms), `≤ ${TARGETS.orderP99Ms} ms`, figures.orders.p99Ms <= TARGETS.orderP99Ms);
  check('POST /api/shop/orders: errors (not stock refusals)', String(orderErrors), '0', orderErrors === 0);
  const verifyErrors = writeErrors(figures.verifyCode);
  check('POST /api/auth/verify-code: per second', rps(figures.verifyCode.requestsPerSecond), `≥ ${TARGETS.verifyPerSecond[db]}`, figures.verifyCode.requestsPerSecond >= TARGETS.verifyPerSecond[db]);
  check('POST /api/auth/verify-code: errors', String(verifyErrors), '0', verifyErrors === 0);
  check(`cold start on the seeded ${db} database`, ms(figures.coldStartMs), `≤ ${TARGETS.coldStartMs} ms`, figures.coldStartMs <= TARGETS.coldStartMs);
  check('RSS after load', `${(figures.rssBytes / MB).toFixed(0)} MB`, `≤ ${TARGETS.rssBytes / MB} MB`, figures.rssBytes <= TARGETS.rssBytes);
  return checks;
}

const pct = (ratio) => `${(ratio * 100).toFixed(0)} %`;
const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const rps = (value) => value.toFixed(0);
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

export function table(header, rows) {
  const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function printReport(figures) {
  const { reads, peers, orders, verifyCode } = figures;
  console.log(`\nnpm run bench · ${figures.database} · ${figures.date} · Node ${figures.node} · ${figures.cpus} CPUs · ${figures.seconds} s per run after ${figures.warmupSeconds} s warm-up`);
  console.log(`CPU check ${figures.cpuCheckMs} ms (200,000 SHA-256 digests before the loads; lower is a faster machine, to compare runs)\n`);
  console.log(`Public reads, ${figures.connections.reads} connections`);
  console.log(
    table(
      ['call', 'req/s', 'p50', 'p99', 'non-2xx', 'bare req/s', 'of bare', 'peer', 'peer req/s', '× peer'],
      reads.map((r) => [
        r.name,
        rps(r.cms.requestsPerSecond),
        ms(r.cms.p50Ms),
        ms(r.cms.p99Ms),
        r.cms.non2xx + r.cms.socketErrors,
        rps(r.baseline.requestsPerSecond),
        pct(r.ofBaseline),
        r.peer.name,
        rps(r.peer.requestsPerSecond),
        `${r.overPeer.toFixed(1)}×`,
      ]),
    ),
  );
  console.log('\nStrapi stock REST peers (read-only API token), same connections');
  console.log(
    table(
      ['peer', 'req/s', 'p50', 'p99', 'non-2xx', 'path'],
      Object.entries(peers).map(([name, p]) => [name, rps(p.requestsPerSecond), ms(p.p50Ms), ms(p.p99Ms), p.non2xx + p.socketErrors, p.path]),
    ),
  );
  const { pages } = figures;
  console.log(
    `\nPublic pages rendered with the cms's content by the site server, ${figures.connections.reads} connections, accepting br and gzip; the ceiling: a built asset about as large as the page as sent, a static file the same server sends (its .br), loaded right before each page`,
  );
  console.log(
    table(
      ['page', 'sent', 'req/s', 'p50', 'p99', 'non-2xx', 'file sent', 'file req/s', 'file p99', 'of file'],
      pages.rendered.map((p) => [
        p.name,
        kB(p.bytes),
        rps(p.site.requestsPerSecond),
        ms(p.site.p50Ms),
        ms(p.site.p99Ms),
        p.site.non2xx + p.site.socketErrors,
        kB(p.file.bytes),
        rps(p.file.requestsPerSecond),
        ms(p.file.p99Ms),
        pct(p.ofFile),
      ]),
    ),
  );
  console.log(`Site server RSS after load: ${(pages.siteRssBytes / MB).toFixed(0)} MB`);
  console.log('\nWrites');
  console.log(
    table(
      ['call', 'conns', 'per s', 'p50', 'p99', 'stock refusals', 'errors', 'statuses'],
      [
        ['POST /api/shop/orders', figures.connections.orders, orders, [409]],
        ['POST /api/auth/verify-code', figures.connections.verifyCode, verifyCode, []],
      ].map(([name, connections, r, allowed]) => [
        name,
        connections,
        rps(r.requestsPerSecond),
        ms(r.p50Ms),
        ms(r.p99Ms),
        allowed.length ? (r.statusCounts[409] ?? 0) : '–',
        writeErrors(r, allowed),
        JSON.stringify(r.statusCounts),
      ]),
    ),
  );
  console.log(`\nFirst start (seeding): ${ms(figures.seedStartMs)} · cold start on the seeded database: ${ms(figures.coldStartMs)} · RSS after load: ${(figures.rssBytes / MB).toFixed(0)} MB`);
  console.log('\nTargets');
  console.log(table(['target', 'measured', 'wanted', ''], figures.targets.map((t) => [t.name, t.measured, t.target, t.pass ? 'met' : 'MISSED'])));
  const missed = figures.targets.filter((t) => !t.pass).length;
  console.log(missed === 0 ? '\nEvery target met.' : `\n${missed} target(s) missed.`);
}
