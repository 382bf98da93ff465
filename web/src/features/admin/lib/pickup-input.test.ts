import { describe, expect, it } from 'vitest';
import { orderNumberFrom } from './pickup-input';

describe('orderNumberFrom', () => {
  it('reads the number out of the order page’s address, as the QR code carries it', () => {
    expect(orderNumberFrom('https://game-of-slavs.example/shop/bestellung/GOS-20250724-K7QX9M?t=abc_DEF-123')).toBe('GOS-20250724-K7QX9M');
    expect(orderNumberFrom('http://localhost:8181/shop/bestellung/GOS-20250724-K7QX9M/')).toBe('GOS-20250724-K7QX9M');
  });

  it('takes a number typed by hand, in any case and with spaces around it', () => {
    expect(orderNumberFrom('  gos-20250724-k7qx9m ')).toBe('GOS-20250724-K7QX9M');
  });

  it('finds no number in other addresses, other texts or overlong input', () => {
    expect(orderNumberFrom('https://example.com/shop/item/3')).toBeNull();
    expect(orderNumberFrom('https://example.com/shop/bestellung/GOS-1/extra')).toBeNull();
    expect(orderNumberFrom('https://example.com/shop/bestellung/%E0%A4%A')).toBeNull();
    expect(orderNumberFrom('WIFI:S:festival;;')).toBeNull();
    expect(orderNumberFrom('A'.repeat(33))).toBeNull();
    expect(orderNumberFrom('')).toBeNull();
  });
});
