import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { festivalClock, minutesOf, programmeSchema, spanOf, spansOverlap, type Programme } from '../../cms/src/contract/programme';
import { axeViolations } from './axe';
import { VIEWPORTS, launchBrowser, openPage, recordForeignRequests, reloadPage, screenshot, siteUrl } from './browser';
import { FESTIVAL_CLOCK_IN_TESTS } from './stack';

// The programme (issue 40) as a guest uses it: the timetable on both sizes with "Jetzt" and
// "Als Nächstes" at the clock the stack sets (Saturday 26 July 2025, 21:10 in Berlin), the
// filters, Mein Plan with its overlap warning kept across a reload and its .ics, an entry's own
// address as the server sends it, the performers' slots, and the keyboard alone.

const TODAY = '2025-07-26';
const TODAY_BUTTON = 'Sa, 26. Juli';

describe('the programme in Chromium', () => {
  let browser: Browser;
  let programme: Programme;
  const placeName = (id: number) => programme.places.find((place) => place.id === id)!.name;
  const at = () => festivalClock(new Date(FESTIVAL_CLOCK_IN_TESTS));
  /** What plays at the set clock, worked out here from the times alone. */
  const playingNow = () => {
    const clock = at();
    const now = spanOf(clock.day, clock.minutes, clock.minutes + 1);
    return programme.entries.filter((entry) => spansOverlap(spanOf(entry.day, minutesOf(entry.start)!, minutesOf(entry.end)!), now));
  };
  const startingNext = () => {
    const clock = at();
    const later = programme.entries
      .filter((entry) => entry.day === clock.day && minutesOf(entry.start)! > clock.minutes)
      .sort((a, b) => minutesOf(a.start)! - minutesOf(b.start)!);
    return later.filter((entry) => entry.start === later[0]!.start);
  };
  const titlesIn = async (page: Page, list: string) => (await page.getByRole('list', { name: list, exact: true }).getByRole('link').allTextContents()).sort();

  beforeAll(async () => {
    browser = await launchBrowser();
    programme = programmeSchema.parse(await (await fetch(`${siteUrl()}/api/programme`)).json());
    expect(at()).toEqual({ day: TODAY, minutes: 21 * 60 + 10 });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each(Object.entries(VIEWPORTS))('opens on today with Jetzt and Als Nächstes at the set clock, axe clean, on %s', async (name, viewport) => {
    const page = await browser.newPage({ viewport });
    const foreign = recordForeignRequests(page);
    await openPage(page, `${siteUrl()}/programm`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Programm' }).waitFor();
    expect(await page.title()).toBe('Programm | Game Of Slavs');
    expect(await page.getByRole('button', { name: TODAY_BUTTON }).getAttribute('aria-pressed')).toBe('true');

    const now = playingNow();
    expect(now.length).toBeGreaterThan(0);
    expect(await titlesIn(page, 'Jetzt')).toEqual(now.map((entry) => entry.title).sort());
    expect(await titlesIn(page, 'Als Nächstes')).toEqual(startingNext().map((entry) => entry.title).sort());

    const todays = programme.entries.filter((entry) => entry.day === TODAY);
    if (name === 'desktop') {
      // A table of places × hours, with headers.
      const table = page.getByRole('table', { name: 'Programm nach Ort und Stunde' });
      expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Uhrzeit', ...programme.places.map((place) => place.name)]);
      expect(await table.getByRole('link').count()).toBe(todays.length);
    } else {
      // A time-ordered list, each entry with its time and place in its text.
      expect(await page.getByRole('table').count()).toBe(0);
      const list = page.getByRole('list', { name: 'Samstag, 26. Juli' });
      const items = await list.getByRole('listitem').allTextContents();
      expect(items.length).toBe(todays.length);
      const first = [...todays].sort((a, b) => minutesOf(a.start)! - minutesOf(b.start)!)[0]!;
      expect(items[0]).toContain(`${first.start}–${first.end} Uhr`);
      expect(items[0]).toContain(placeName(first.placeId));
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `programme-${name}`);
    expect(await axeViolations(page)).toEqual([]);
    expect(foreign).toEqual([]);
    await page.close();
  });

  it('filters by place and by kind', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    await openPage(page, `${siteUrl()}/programm`, { waitUntil: 'networkidle' });
    const list = page.getByRole('list', { name: 'Samstag, 26. Juli' });
    const market = programme.places.find((place) => place.name === 'Marktplatz am Brunnen')!;
    await page.getByLabel('Ort', { exact: true }).selectOption(String(market.id));
    const atMarket = programme.entries.filter((entry) => entry.day === TODAY && entry.placeId === market.id);
    expect((await list.getByRole('link').allTextContents()).sort()).toEqual(atMarket.map((entry) => entry.title).sort());
    await page.getByLabel('Ort', { exact: true }).selectOption('alle');
    await page.getByLabel('Art', { exact: true }).selectOption('konzert');
    const concerts = programme.entries.filter((entry) => entry.day === TODAY && entry.category === 'konzert');
    expect((await list.getByRole('link').allTextContents()).sort()).toEqual(concerts.map((entry) => entry.title).sort());
    await page.close();
  });

  it('keeps two starred overlapping entries in Mein Plan across a reload, warns of the overlap, and gives the plan as an .ics', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    const page = await context.newPage();
    await openPage(page, `${siteUrl()}/programm`, { waitUntil: 'networkidle' });
    const [a, b] = playingNow();
    expect(b, 'two entries play at the set clock').toBeDefined();
    const jetzt = page.getByRole('list', { name: 'Jetzt', exact: true });
    for (const entry of [a!, b!]) await jetzt.getByRole('button', { name: `${entry.title}: in Mein Plan` }).click();

    const plan = page.getByRole('region', { name: 'Mein Plan' });
    const warning = `Achtung: „${a!.title}“ und „${b!.title}“ überschneiden sich.`;
    await plan.getByText(warning).waitFor();
    await reloadPage(page, { waitUntil: 'networkidle' });
    await plan.getByText(warning).waitFor();
    expect((await plan.getByRole('link').allTextContents()).filter((text) => !text.endsWith('(.ics)')).sort()).toEqual([a!.title, b!.title].sort());
    expect(await jetzt.getByRole('button', { name: `${a!.title}: in Mein Plan` }).getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'programme-plan-desktop');
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), plan.getByRole('link', { name: 'Mein Plan in den Kalender (.ics)' }).click()]);
    expect(download.suggestedFilename()).toBe('mein-plan.ics');
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    for (const entry of [a!, b!]) {
      expect(ics).toContain(`SUMMARY:${entry.title}`);
      expect(ics).toContain(`DTSTART;TZID=Europe/Berlin:${entry.day.replace(/-/g, '')}T${entry.start.replace(':', '')}00`);
    }
    await context.close();
  });

  it('gives each entry its own address, rendered on the server with its Event JSON-LD, and the programme its subEvents', async () => {
    const entry = programme.entries.find((each) => each.performer)!;
    const html = await (await fetch(`${siteUrl()}/programm/${entry.slug}`)).text();
    expect(html).toContain(`<h1`);
    expect(html).toContain(entry.title);
    const ld = (text: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(text)![1]!) as Record<string, unknown>;
    expect(ld(html)).toMatchObject({ '@type': 'Event', name: entry.title, startDate: `${entry.day}T${entry.start}:00+02:00`, location: { name: placeName(entry.placeId) } });
    const list = ld(await (await fetch(`${siteUrl()}/programm`)).text());
    expect((list.subEvent as unknown[]).length).toBe(programme.entries.length);

    const page = await browser.newPage({ viewport: VIEWPORTS.mobile });
    await openPage(page, `${siteUrl()}/programm/${entry.slug}`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: entry.title }).waitFor();
    await screenshot(page, 'programme-entry-mobile');
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("names each performer's slots on their card, linking to them, and the Ablauf tab leads to the programme", async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await openPage(page, `${siteUrl()}/`, { waitUntil: 'networkidle' });
    const performer = programme.entries.find((each) => each.performer)!.performer!;
    const slots = page.getByRole('list', { name: `Auftritte von ${performer.name}` });
    await slots.scrollIntoViewIfNeeded();
    const count = programme.entries.filter((each) => each.performer?.id === performer.id).length;
    expect(await slots.getByRole('link').count()).toBe(count);
    await page.getByRole('radio', { name: 'Ablauf' }).click();
    await page.getByRole('region', { name: 'Ablauf' }).getByRole('link', { name: 'Zum Programm' }).click();
    await page.getByRole('heading', { level: 1, name: 'Programm' }).waitFor();
    await page.close();
  });

  it('works with the keyboard alone: a day chosen and an entry starred, every focus visible', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    await openPage(page, `${siteUrl()}/programm`, { waitUntil: 'networkidle' });
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        return { text: element.getAttribute('aria-label') ?? element.textContent ?? '', outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px' };
      });
    // From the top of the page's content, as the skip link leaves it.
    await page.locator('#main').focus();
    let reached = false;
    for (let step = 0; step < 80 && !reached; step += 1) {
      await page.keyboard.press('Tab');
      const { text, outline } = await focused();
      expect(outline, `focus on "${text}" is visible`).toBe(true);
      reached = text === 'Fr, 25. Juli';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.getByRole('button', { name: 'Fr, 25. Juli' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('heading', { level: 2, name: 'Freitag, 25. Juli' }).waitFor();
    await page.close();
  });
});
