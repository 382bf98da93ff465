import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, keepEvidenceOfFailures, launchBrowser, screenshot } from './browser';
import { axeViolations } from './axe';
import { dialog, download, openTab, signInToDashboard } from './dashboard-page';
import { adminCall, signInOrganiser, type House, type OrganiserSession } from './organiser';

type User = { id: number; username: string; houseId: number | null; isAdmin: boolean };

const RUN = Date.now().toString(36).slice(-5);

/** A CSV's rows as a spreadsheet reads them (quotes, CRLF, BOM). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') row.push(cell), (cell = '');
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(cell), rows.push(row), (row = []), (cell = '');
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) row.push(cell), rows.push(row);
  return rows;
}

/** The sheet as German Excel saves it: semicolons, CRLF, quotes only where needed. */
const germanExcel = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => (/[";\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(';')).join('\r\n') + '\r\n';

/** The rows of the results table in the dialog: line, username, result, reason. */
async function resultRows(page: Page): Promise<string[][]> {
  const table = dialog(page).getByRole('region', { name: 'Import results' });
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')));
}

async function importFile(page: Page, name: string, contents: Buffer) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  await dialog(page).locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: contents });
  await dialog(page).getByText(`${name} is loaded below`).waitFor();
}

describe('users CSV: export, edit in a spreadsheet, import again', () => {
  let browser: Browser;
  let page: Page;
  let session: OrganiserSession;
  let houses: House[];
  const watch = keepEvidenceOfFailures();

  const listUsers = async () => (await adminCall<{ users: User[] }>(session, 'GET', '/admin/users')).users;
  const byId = (users: User[]) => [...users].sort((a, b) => a.id - b.id);

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, acceptDownloads: true });
    page = watch(await context.newPage());
    session = await signInOrganiser();
    houses = (await adminCall<{ houses: House[] }>(session, 'GET', '/admin/houses')).houses;
    expect(houses.length).toBeGreaterThanOrEqual(2);
    for (const [username, houseId] of [
      [`csv-a-${RUN}`, houses[0].id],
      [`csv-b-${RUN}`, null],
    ] as const) {
      await adminCall(session, 'POST', '/admin/users', { username, password: 'geheim-123', houseId, isAdmin: false });
    }

    await signInToDashboard(page);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('offers users-template.csv with the header and an example row', async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const template = await download(page, () => dialog(page).getByRole('button', { name: 'Download template' }).click());
    expect(template.name).toBe('users-template.csv');
    expect(readCsv(template.text)).toEqual([
      ['username', 'password', 'house', 'isAdmin'],
      ['anna', 'geheim123', houses[0].name, 'false'],
    ]);
    await screenshot(page, 'csv-import-dialog', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('gives the same users after an unchanged round trip, and the edited ones after an edited one', async () => {
    const before = await listUsers();
    const exported = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(exported.name).toBe('users.csv');
    expect(exported.text).not.toMatch(/password|\$2[aby]\$|geheim/i);
    const [header, ...rows] = readCsv(exported.text);
    expect(header).toEqual(['id', 'username', 'house', 'isAdmin']);
    expect(rows).toHaveLength(before.length);

    // Unchanged: every row is reported unchanged, and the users are the same.
    await importFile(page, 'users.csv', Buffer.from(exported.text, 'utf8'));
    await dialog(page).getByRole('button', { name: 'Import', exact: true }).click();
    await dialog(page).getByText(`Imported ${before.length} users, failed 0`).waitFor();
    expect(new Set((await resultRows(page)).map((row) => row[2]))).toEqual(new Set(['Unchanged']));
    expect(byId(await listUsers())).toEqual(byId(before));
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });

    // Edited in German Excel: a house changed by name, admin rights given, a new user with a password column.
    const row = (username: string) => rows.find((cells) => cells[1] === username)!;
    row(`csv-a-${RUN}`)[2] = houses[1].name;
    row(`csv-b-${RUN}`)[3] = 'true';
    const edited = [[...header, 'password'], ...rows.map((cells) => [...cells, '']), ['', `csv-c-${RUN}`, houses[0].name, 'false', 'geheim;123']];
    await importFile(page, 'users-edited.csv', Buffer.from(germanExcel(edited), 'utf8'));
    await dialog(page).getByRole('button', { name: 'Import', exact: true }).click();
    await dialog(page).getByText(`Imported ${before.length + 1} users, failed 0`).waitFor();
    const changed = (await resultRows(page)).filter((cells) => cells[2] !== 'Unchanged');
    expect(changed).toEqual([
      [String(rows.indexOf(row(`csv-a-${RUN}`)) + 2), `csv-a-${RUN}`, 'Updated', 'Updated house'],
      [String(rows.indexOf(row(`csv-b-${RUN}`)) + 2), `csv-b-${RUN}`, 'Updated', 'Updated admin'],
      [String(rows.length + 2), `csv-c-${RUN}`, 'Created', 'Created'],
    ]);
    await screenshot(page, 'csv-import-results', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);

    const after = await listUsers();
    const expected = before.map((user) => {
      if (user.username === `csv-a-${RUN}`) return { ...user, houseId: houses[1].id };
      if (user.username === `csv-b-${RUN}`) return { ...user, isAdmin: true };
      return user;
    });
    expect(byId(after.filter((user) => user.username !== `csv-c-${RUN}`))).toEqual(byId(expected));
    expect(after).toContainEqual({ id: expect.any(Number), username: `csv-c-${RUN}`, houseId: houses[0].id, isAdmin: false });

    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    await page.getByLabel('Search users').fill(`csv-c-${RUN}`);
    await page.getByRole('cell', { name: `csv-c-${RUN}`, exact: true }).waitFor();
    await page.getByLabel('Search users').fill('');
  });

  it('names each failed row with its line and reason, keeps the list until closed and hands it out as CSV', async () => {
    // Windows-1252 as German Excel saves "CSV (Trennzeichen-getrennt)": the ü must arrive as ü.
    const sheet = [
      'username;password;houseId;isAdmin',
      `müller-${RUN};geheim-123;;nein`,
      `csv-a-${RUN};geheim-123;;`,
      `"kurz, ${RUN}";123;;`,
      `csv-d-${RUN};geheim-123;999999;`,
      `=HYPERLINK("x")${RUN};geheim-123;;`,
    ].join('\r\n');
    await importFile(page, 'excel.csv', Buffer.from(sheet, 'latin1'));
    await dialog(page).getByRole('button', { name: 'Import', exact: true }).click();
    await dialog(page).getByText('Imported 2 users, failed 3').waitFor();
    // Coloured and worded by what happened: SPEC's title says "Imported", the summary that rows failed.
    const summary = dialog(page).getByRole('status');
    expect(await summary.getAttribute('data-outcome')).toBe('partly-failed');
    expect(await summary.textContent()).toContain('2 users created, 3 users failed.');
    const failedFirst = [
      ['3', `csv-a-${RUN}`, 'Failed', 'This username is already taken; leave the password empty to update its house and admin rights'],
      ['4', `kurz, ${RUN}`, 'Failed', 'Password must be at least 6 characters'],
      ['5', `csv-d-${RUN}`, 'Failed', 'The selected house does not exist'],
      ['2', `müller-${RUN}`, 'Created', 'Created'],
      ['6', `=HYPERLINK("x")${RUN}`, 'Created', 'Created'],
    ];
    expect(await resultRows(page)).toEqual(failedFirst);
    await screenshot(page, 'csv-import-failures', { fullPage: false });

    // No timer takes the list away.
    await page.waitForTimeout(6_000);
    expect(await resultRows(page)).toEqual(failedFirst);

    const results = await download(page, () => dialog(page).getByRole('button', { name: 'Download results (CSV)' }).click());
    expect(results.name).toBe('users-import-results.csv');
    const [resultsHeader, ...resultLines] = readCsv(results.text);
    expect(resultsHeader).toEqual(['line', 'username', 'result', 'reason']);
    // The formula stays text in a spreadsheet: behind an apostrophe, as the cms's exports write it.
    expect(resultLines).toEqual(
      [...failedFirst]
        .sort((a, b) => Number(a[0]) - Number(b[0]))
        .map(([line, username, result, reason]) => [line, username.startsWith('=') ? `'${username}` : username, result.toLowerCase(), reason]),
    );
    await dialog(page).getByRole('button', { name: 'Close', exact: true }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect((await listUsers()).map((user) => user.username)).toEqual(expect.arrayContaining([`müller-${RUN}`, `=HYPERLINK("x")${RUN}`]));
  });

  it('refuses a file that is too large or not text before sending it, and an empty paste', async () => {
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const input = dialog(page).locator('input[type=file]');
    await input.setInputFiles({ name: 'huge.csv', mimeType: 'text/csv', buffer: Buffer.alloc(2 * 1024 * 1024, 'a') });
    await dialog(page).getByText('The file is too large (at most 256 KB)').waitFor();
    await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
    await dialog(page).getByText('Only a CSV or text file (.csv, .txt) can be imported').waitFor();
    await dialog(page).getByRole('button', { name: 'Import', exact: true }).click();
    await dialog(page).getByText('CSV content cannot be empty').waitFor();
    await screenshot(page, 'csv-import-refused', { fullPage: false });
    expect(await axeViolations(page)).toEqual([]);
    // A header alone holds nobody to import: the cms says so, and the dialog shows it at the field.
    await dialog(page).getByLabel('CSV content').fill('username;password;house;isAdmin\r\n');
    await dialog(page).getByRole('button', { name: 'Import', exact: true }).click();
    await dialog(page).getByText('The CSV content has a header line but no data rows: add one line per user below the header').waitFor();
    expect(await dialog(page).getByLabel('CSV content').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'csv-import-no-data-rows', { fullPage: false });
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await dialog(page).waitFor({ state: 'detached' });
  });

  it('offers every export for German Excel too: semicolons and a BOM, the same table when a CSV library reads it back', async () => {
    const bothDialects = async (open: () => Promise<void>, buttons: { comma: string; excel: string }, name: string) => {
      const where = () => (name === 'packing-list' ? dialog(page) : page);
      await open();
      const comma = await download(page, () => where().getByRole('button', { name: buttons.comma, exact: true }).click());
      const excel = await download(page, () => where().getByRole('button', { name: buttons.excel, exact: true }).click());
      expect([comma.name, excel.name]).toEqual([`${name}.csv`, `${name}-excel-de.csv`]);
      expect(excel.text.startsWith('\uFEFF')).toBe(true);
      const header = excel.text.slice(1).split('\r\n')[0];
      expect(header).toContain(';');
      expect(header).not.toContain(',');
      const read = (text: string, delimiter: string) => parse(text, { bom: true, delimiter, relax_column_count: false }) as string[][];
      const table = read(excel.text, ';');
      expect(table).toEqual(read(comma.text, ','));
      expect(table.length).toBeGreaterThan(0);
      return table;
    };

    const users = await bothDialects(() => openTab(page, 'Benutzer'), { comma: 'Export CSV', excel: 'Export for German Excel' }, 'users');
    expect(users[0]).toEqual(['id', 'username', 'house', 'isAdmin']);
    // The formula guard of the comma file holds in the German one too.
    expect(users.map((row) => row[1])).toContain(`'=HYPERLINK("x")${RUN}`);
    await screenshot(page, 'csv-export-dialects', { fullPage: false });

    await bothDialects(() => openTab(page, 'Zugangscodes'), { comma: 'Export CSV', excel: 'Export for German Excel' }, 'access-codes');
    const orders = await bothDialects(() => openTab(page, 'Bestellungen'), { comma: 'Export CSV', excel: 'Export for German Excel' }, 'orders');
    expect(orders[0]).toContain('order number');
    await bothDialects(
      async () => {
        await page.getByRole('button', { name: 'Packing list' }).click();
        await dialog(page).getByRole('button', { name: 'Download CSV' }).waitFor();
      },
      { comma: 'Download CSV', excel: 'Download for German Excel' },
      'packing-list',
    );
    await dialog(page).getByRole('button', { name: 'Close dialog' }).click();
    await openTab(page, 'Benutzer');
  });
});
