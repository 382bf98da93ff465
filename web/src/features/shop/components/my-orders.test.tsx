import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { render, screen, within } from '@/testing/render';
import { keepOrder } from '../orders/my-orders';
import { MyOrders } from './my-orders';

const token = (letter: string) => letter.repeat(43);

describe('MyOrders', () => {
  beforeEach(() => localStorage.clear());

  it('lists the orders of this device with their current status, and forgets one or all', async () => {
    keepOrder({ orderNumber: 'GOS-20250724-AAAAAA', token: token('a'), total: 2500 });
    keepOrder({ orderNumber: 'GOS-20250724-BBBBBB', token: token('b'), total: 3600 });
    vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
      const orderNumber = url.split('/').at(-1)!;
      return {
        status: 200,
        statusText: 'OK',
        data: {
          success: true,
          order: { orderNumber, createdAt: '2025-07-24T10:00:00.000Z', status: orderNumber.endsWith('A') ? 'delivered' : 'pending', firstName: 'Mila', lines: [], total: 2500, paidAt: null, handedOverAt: null },
        },
      } as never;
    });
    const { user } = render(<MyOrders />);

    const region = screen.getByRole('region', { name: 'Meine Bestellungen' });
    const links = within(region).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `/shop/bestellung/GOS-20250724-BBBBBB?t=${token('b')}`,
      `/shop/bestellung/GOS-20250724-AAAAAA?t=${token('a')}`,
    ]);
    expect(await within(region).findByText('Zugestellt')).toBeInTheDocument();
    expect(await within(region).findByText('Ausstehend')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bestellung GOS-20250724-BBBBBB vergessen' }));
    expect(within(region).getAllByRole('link')).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('game-of-slavs_orders')!)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Bestellung GOS-20250724-AAAAAA vergessen' }));
    expect(screen.queryByRole('region', { name: 'Meine Bestellungen' })).not.toBeInTheDocument();
    expect(localStorage.getItem('game-of-slavs_orders')).toBeNull();
  });
});
