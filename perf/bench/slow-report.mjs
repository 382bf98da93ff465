// The targets of issue 43 (met on "Feld") and how npm run bench:slow prints a run.
import { table } from './report.mjs';

const KB = 1024;

export const SLOW_TARGETS = {
  profile: 'Feld',
  accessReadyMs: 4000,
  houseByMs: 5000,
  pageReadyMs: { '/': 6000, '/shop': 6000 },
  lcpOfCeiling: 1.3,
  scriptBytes: { access: 100 * KB, other: 150 * KB },
  scriptWaves: 2,
  repeatReadyMs: 1000,
};

const median = (values) => {
  const known = values.filter((value) => value !== null && Number.isFinite(value)).sort((a, b) => a - b);
  return known.length === 0 ? null : known[Math.floor(known.length / 2)];
};

/** Each figure's median over the loads. */
export const medians = (loads) =>
  Object.fromEntries(['fcp', 'lcp', 'interactive', 'ready', 'sent', 'house', 'requests', 'bytes', 'scriptBytes', 'scriptWaves', 'htmlEnd', 'scriptsFrom', 'scriptsUntil'].map((key) => [key, median(loads.map((load) => load[key]))]));

const s = (ms) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);
const kB = (bytes) => (bytes === null ? '–' : `${(bytes / KB).toFixed(0)} kB`);
const ratio = (value, of) => (value === null || !of ? '–' : `${(value / of).toFixed(2)}×`);

export function judgeSlow(figures) {
  const checks = [];
  const check = (name, measured, target, pass) => checks.push({ name, measured, target, pass });
  const feld = figures.profiles.find((profile) => profile.name === SLOW_TARGETS.profile);
  if (!feld) return checks;
  for (const page of feld.pages) {
    const isAccess = page.path === figures.accessPath;
    const { interactive } = page.app;
    if (isAccess) check(`${page.path}: interactive`, s(interactive), `≤ ${s(SLOW_TARGETS.accessReadyMs)}`, interactive !== null && interactive <= SLOW_TARGETS.accessReadyMs);
    const readyTarget = SLOW_TARGETS.pageReadyMs[page.path];
    if (readyTarget) check(`${page.path}: interactive`, s(interactive), `≤ ${s(readyTarget)}`, interactive !== null && interactive <= readyTarget);
    const lcpRatio = page.app.lcp / page.ceiling.lcp;
    check(`${page.path}: largest paint of the ceiling's`, ratio(page.app.lcp, page.ceiling.lcp), `≤ ${SLOW_TARGETS.lcpOfCeiling}×`, lcpRatio <= SLOW_TARGETS.lcpOfCeiling);
    const budget = isAccess ? SLOW_TARGETS.scriptBytes.access : SLOW_TARGETS.scriptBytes.other;
    check(`${page.path}: script before the takeover`, kB(page.app.scriptBytes), `≤ ${kB(budget)}`, page.app.scriptBytes <= budget);
    check(`${page.path}: round trips of script`, String(page.app.scriptWaves), `≤ ${SLOW_TARGETS.scriptWaves}`, page.app.scriptWaves <= SLOW_TARGETS.scriptWaves);
  }
  if (feld.code) check(`${figures.accessPath}: code sent at ${s(feld.code.sent)} answered with the house`, s(feld.code.house), `≤ ${s(SLOW_TARGETS.houseByMs)}`, feld.code.house !== null && feld.code.house <= SLOW_TARGETS.houseByMs);
  for (const repeat of feld.repeat ?? []) {
    check(`${repeat.path}: repeat visit (service worker) interactive`, s(repeat.interactive), `≤ ${s(SLOW_TARGETS.repeatReadyMs)}`, repeat.interactive !== null && repeat.interactive <= SLOW_TARGETS.repeatReadyMs);
  }
  return checks;
}

export function printSlowReport(figures) {
  console.log(`\nnpm run bench:slow · ${figures.date} · Node ${figures.node} · ${figures.cpus} CPUs · ${figures.chromium} · CPU ×${figures.cpuSlowdown} · median of ${figures.runs} loads, cache empty`);
  console.log(`CPU check ${figures.cpuCheckMs.join(' / ')} ms before / after (200,000 SHA-256 digests; lower is a faster machine, to compare runs)`);
  console.log('Times from the navigation\'s start. Ceiling: the same page without any script, sent by the same server. "before" counts what had arrived when the app took the page over.');
  console.log('Interactive: when a tap or a sent form is answered: the first paint where every control works without script (a field or button of a form the server answers, a button opening a popover, a radio button; links and summaries work as they are) and nothing says it is still loading, else the takeover.');
  for (const profile of figures.profiles) {
    const { latencyMs, downKbps, upKbps } = profile.conditions;
    console.log(`\n${profile.name}: ${downKbps.toFixed(0)} kbit/s down, ${upKbps.toFixed(0)} up, ${latencyMs} ms latency`);
    console.log(
      table(
        ['page', 'FCP', 'LCP', 'interactive', 'taken over', 'ceil. FCP', 'ceil. LCP', 'FCP ÷ ceil.', 'LCP ÷ ceil.', 'inter. ÷ ceil. LCP', 'kB before', 'requests', 'script kB', 'script trips'],
        profile.pages.map(({ path: page, app, ceiling }) => [
          page,
          s(app.fcp),
          s(app.lcp),
          s(app.interactive),
          s(app.ready),
          s(ceiling.fcp),
          s(ceiling.lcp),
          ratio(app.fcp, ceiling.fcp),
          ratio(app.lcp, ceiling.lcp),
          ratio(app.interactive, ceiling.lcp),
          kB(app.bytes),
          app.requests ?? '–',
          kB(app.scriptBytes),
          app.scriptWaves ?? '–',
        ]),
      ),
    );
    console.log(
      `Where the wait goes (medians): ${profile.pages
        .map(({ path: page, app }) => `${page} HTML ${s(app.htmlEnd)}, scripts asked ${s(app.scriptsFrom)}, all in ${s(app.scriptsUntil)}, taken over ${s(app.ready)}`)
        .join('; ')}`,
    );
    if (profile.code) console.log(`Access page, a code sent at ${s(profile.code.sent)}: the house at ${s(profile.code.house)}, ${s(profile.code.house - profile.code.sent)} after sending`);
    for (const repeat of profile.repeat ?? []) console.log(`Repeat visit with the service worker, ${repeat.path}: FCP ${s(repeat.fcp)}, interactive ${s(repeat.interactive)}, taken over ${s(repeat.ready)}, ${kB(repeat.bytes)} over the network`);
  }
  console.log('\nTargets (on Feld)');
  console.log(table(['target', 'measured', 'wanted', ''], figures.targets.map((t) => [t.name, t.measured, t.target, t.pass ? 'met' : 'MISSED'])));
  const missed = figures.targets.filter((t) => !t.pass).length;
  console.log(missed === 0 ? '\nEvery target met.' : `\n${missed} target(s) missed.`);
}
