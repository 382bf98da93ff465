import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInStored } from '../testing/admin-fixtures';
import { SESSION_EXPIRED_EVENT } from './admin-session';
import { downloadCsv, downloadExport, saveCsv } from './download-csv';

describe('downloadCsv', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('fetches with credentials and x-user-id and saves under the given name', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('id,username\n1,orga\n'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('users.csv');
      expect(this.href).toBe('blob:csv');
    });
    await downloadCsv('/admin/export/users', 'users.csv');
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/export/users', { credentials: 'include', headers: { 'x-user-id': '1' } });
    expect(click).toHaveBeenCalledOnce();
  });

  it('ends the session on a 401', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('', { status: 401 }));
    const expired = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    await expect(downloadCsv('/admin/export/users', 'users.csv')).rejects.toThrow('401');
    expect(expired).toHaveBeenCalled();
    expect(localStorage.getItem('adminUser')).toBeNull();
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
  });

  it('asks the cms for the German Excel dialect and saves it beside the comma file', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('\uFEFFid;username\r\n'));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await downloadExport('/admin/export/users', 'users.csv', 'excel-de');
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/export/users?format=excel-de', expect.anything());
    await downloadExport('/admin/export/users', 'users.csv');
    expect(fetchMock).toHaveBeenLastCalledWith('/api/admin/export/users', expect.anything());
    expect(saved).toEqual(['users-excel-de.csv', 'users.csv']);
  });
});

describe('saveCsv', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('writes a BOM, CRLF lines, quotes where a cell needs them and guards formulas', async () => {
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:csv';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('results.csv');
    });
    saveCsv('results.csv', ['line', 'reason'], [[2, 'a, "b"'], [3, '=cmd']]);
    expect(click).toHaveBeenCalledOnce();
    const bytes = new Uint8Array(await saved!.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.subarray(3))).toBe('line,reason\r\n2,"a, ""b"""\r\n3,"\'=cmd"\r\n');
  });
});
