// The browser part of npm run bench:dashboard: the dashboard in Chromium (playwright-core from
// the web app's test tools), each tab timed from the click to its list on screen.
import { createRequire } from 'node:module';
import path from 'node:path';
import { WEB } from '../../scripts/lib.mjs';

const { chromium } = createRequire(path.join(WEB, 'package.json'))('playwright-core');

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each tab and what shows once its list is there (the line under the list, SPEC's texts for settings). */
const tabSteps = ({ codes, orders }) => [
  { tab: 'Einstellungen (no list)', click: ['tab', 'Einstellungen'], shows: ['role', 'switch'], baseline: true },
  { tab: 'Benutzer', click: ['tab', 'Benutzer'], shows: ['text', /^1–\d+ of \d+ users$/] },
  { tab: 'Häuser', click: ['tab', 'Häuser'], shows: ['filled', 'Houses list'] },
  { tab: 'Zugangscodes', click: ['tab', 'Zugangscodes'], shows: ['text', `1–25 of ${codes} access codes`] },
  { tab: 'Zugangscodes, page 2', click: ['button', 'Page 2'], shows: ['text', `26–50 of ${codes} access codes`] },
  { tab: 'Produkte', click: ['tab', 'Produkte'], shows: ['filled', 'Products list'] },
  { tab: 'Bestellungen', click: ['tab', 'Bestellungen'], shows: ['text', `1–25 of ${orders} orders`] },
  { tab: 'Bestellungen, page 2', click: ['button', 'Page 2'], shows: ['text', `26–50 of ${orders} orders`] },
];

const locate = (page, [kind, name, label]) => {
  if (kind === 'tab') return page.getByRole('tab', { name, exact: true });
  if (kind === 'button') return page.getByRole('button', { name, exact: true });
  // A list whose rows are there: its first row's button.
  if (kind === 'filled') return page.getByRole('region', { name }).getByRole('button');
  if (kind === 'text') return page.getByText(name, typeof name === 'string' ? { exact: true } : undefined);
  return label ? page.getByRole(name, { name: label }) : page.getByRole(name);
};

/** Median and slowest time from a click on each tab to its list on screen, each round on a freshly loaded dashboard. */
export async function timeTabsInBrowser({ siteUrl, organiser, codes, orders, rounds, evidenceDir }) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.on('console', (message) => message.type() === 'error' && console.error(`dashboard console: ${message.text()}`));
    await page.goto(`${siteUrl}/admin/login`);
    await page.getByLabel('Benutzername').fill(organiser.username);
    await page.getByLabel('Passwort', { exact: true }).fill(organiser.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    try {
      await page.getByRole('button', { name: 'Abmelden' }).waitFor({ timeout: 60_000 });
    } catch (error) {
      await page.screenshot({ path: path.join(evidenceDir, 'dashboard-sign-in-failed.png') });
      throw error;
    }

    const steps = tabSteps({ codes, orders });
    const times = new Map(steps.map((step) => [step.tab, []]));
    for (let round = 0; round < rounds; round++) {
      // A fresh load each round: every tab asks the cms again instead of showing what it kept.
      await page.goto(`${siteUrl}/admin/dashboard`);
      await page.getByRole('button', { name: 'Abmelden' }).waitFor({ timeout: 60_000 });
      for (const step of steps) {
        const started = performance.now();
        await locate(page, step.click).click();
        await locate(page, step.shows).first().waitFor({ timeout: 60_000 });
        times.get(step.tab).push(performance.now() - started);
      }
    }
    return steps.map((step) => ({ tab: step.tab, baseline: Boolean(step.baseline), medianMs: median(times.get(step.tab)), maxMs: Math.max(...times.get(step.tab)) }));
  } finally {
    await browser.close();
  }
}
