import { describe, expect, it } from 'vitest';
import { parseItemId } from './item-id';

describe('parseItemId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['007', 7],
  ])('reads %s as %i', (param, id) => {
    expect(parseItemId(param)).toBe(id);
  });

  it.each([undefined, '', 'abc', '1.5', '-3', '0', '12abc', ' 1', '1e3', '99999999999999999999'])('reads %j as no id', (param) => {
    expect(parseItemId(param)).toBeNull();
  });
});
