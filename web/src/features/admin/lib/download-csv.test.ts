import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInStored } from '../testing/admin-fixtures';
import { SESSION_EXPIRED_EVENT } from './admin-session';
import { downloadCsv } from './download-csv';

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
});
