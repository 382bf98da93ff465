import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useHistoryState } from './use-history-state';

describe('useHistoryState', () => {
  afterEach(() => {
    delete document.documentElement.dataset.appReady;
  });

  it('keeps a choice in the history entry, beside what the router keeps there', () => {
    window.history.replaceState({ key: 'router-key', idx: 3 }, '');
    const { result } = renderHook(() => useHistoryState<string | null>('faq', null));
    expect(result.current[0]).toBeNull();

    act(() => result.current[1]('7'));
    expect(result.current[0]).toBe('7');
    expect(window.history.state).toEqual({ key: 'router-key', idx: 3, choices: { faq: '7' } });
  });

  it('starts a page the app renders itself with the kept choice (Back within the app)', () => {
    document.documentElement.dataset.appReady = '';
    window.history.replaceState({ choices: { 'info-tab': 'unterkunft' } }, '');
    const { result } = renderHook(() => useHistoryState<string>('info-tab', 'anreise'));
    expect(result.current[0]).toBe('unterkunft');
  });

  it('puts the kept choice back on a page taken over from the server’s markup', () => {
    window.history.replaceState({ choices: { 'info-tab': 'ablauf' } }, '');
    const { result } = renderHook(() => useHistoryState<string>('info-tab', 'anreise'));
    expect(result.current[0]).toBe('ablauf');
  });

  it('takes over a choice the visitor made in the plain page before the takeover, over a kept one', () => {
    window.history.replaceState({ choices: { 'info-tab': 'ablauf' } }, '');
    const { result } = renderHook(() => useHistoryState<string>('info-tab', 'anreise', () => 'unterkunft'));
    expect(result.current[0]).toBe('unterkunft');
    expect(window.history.state).toEqual({ choices: { 'info-tab': 'unterkunft' } });
  });

  it('keeps the kept choice when the plain page still shows what the server drew', () => {
    window.history.replaceState({ choices: { faq: '4' } }, '');
    const { result } = renderHook(() => useHistoryState<string | null>('faq', null, () => null));
    expect(result.current[0]).toBe('4');
  });
});
