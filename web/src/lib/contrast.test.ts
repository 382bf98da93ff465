import { describe, expect, it } from 'vitest';
import { DARK_TEXT, LIGHT_TEXT, contrastRatio, readableTextColour } from './contrast';

describe('readableTextColour', () => {
  it('puts light text on dark house colours and dark text on light ones', () => {
    expect(readableTextColour('#8E3B2E')).toBe(LIGHT_TEXT);
    expect(readableTextColour('#2F5D50')).toBe(LIGHT_TEXT);
    expect(readableTextColour('#f1db8f')).toBe(DARK_TEXT);
    expect(readableTextColour('#fff')).toBe(DARK_TEXT);
    expect(readableTextColour('#9A7420')).toBe('#000000');
  });

  it('reaches WCAG AA (4.5:1) for every seeded house colour', () => {
    for (const colour of ['#8E3B2E', '#2F5D50', '#9A7420']) {
      const text = readableTextColour(colour)!;
      expect(contrastRatio(colour, text)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('gives null for a value that is no hex colour', () => {
    expect(readableTextColour('rot')).toBeNull();
    expect(readableTextColour('url(x)')).toBeNull();
  });
});
