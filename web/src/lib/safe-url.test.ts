import { describe, expect, it } from 'vitest';
import { isExternalUrl, isHttpUrl, safeHref } from './safe-url';

describe('safeHref', () => {
  it('keeps paths, fragments and web, mail and phone addresses', () => {
    for (const href of [
      '/enthuelle-dein-wappen',
      '#payment',
      'impressum',
      'https://example.org/a?b=c',
      'http://example.org',
      'mailto:kontakt@game-of-slavs.example',
      'tel:+495520123',
    ]) {
      expect(safeHref(href)).toBe(href);
    }
  });

  it('drops script, data and protocol-relative addresses, however they are spelled', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\t/evil.example/x',
      '/\\evil.example/x',
      '',
    ]) {
      expect(safeHref(href)).toBeNull();
    }
  });
});

describe('isHttpUrl and isExternalUrl', () => {
  it('accepts only http(s) with a host', () => {
    expect(isHttpUrl('https://chat.whatsapp.com/abc')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('/uploads/a.png')).toBe(false);
  });

  it('tells another origin from this one', () => {
    expect(isExternalUrl('https://chat.whatsapp.com/abc')).toBe(true);
    expect(isExternalUrl(`${window.location.origin}/impressum`)).toBe(false);
    expect(isExternalUrl('/impressum')).toBe(false);
  });
});
