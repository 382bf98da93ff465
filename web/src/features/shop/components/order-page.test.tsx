import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopOrder } from '@contract/shop';
import { api } from '@/lib/api-client';
import { render, screen } from '@/testing/render';
import { ORDER_PAGE_MESSAGES, OrderPage } from './order-page';

const NUMBER = 'GOS-20250724-K7QX9M';
const order = (changes: Partial<ShopOrder>): ShopOrder => ({
  orderNumber: NUMBER,
  createdAt: '2025-07-24T10:00:00.000Z',
  status: 'pending',
  firstName: 'Mila',
  lines: [{ title: 'Trinkhorn', variant: '0,5 l', quantity: 2, price: 1800 }],
  total: 3600,
  paidAt: null,
  handedOverAt: null,
  ...changes,
});

/** The cms answers the order for its page; the festival's texts are not needed here. */
function answer(shown: ShopOrder) {
  vi.spyOn(api, 'get').mockImplementation(async (url: string) => {
    if (!url.startsWith('/shop/orders/')) throw new Error('not needed');
    return { status: 200, statusText: 'OK', data: { success: true, order: shown } } as never;
  });
}

describe('OrderPage says what is next only while it is true', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an open order: where to pick it up and pay, and its QR code for the stand', async () => {
    answer(order({}));
    render(<OrderPage orderNumber={NUMBER} urlToken={'a'.repeat(43)} justPlaced={false} />);
    expect(await screen.findByRole('heading', { name: ORDER_PAGE_MESSAGES.next })).toBeInTheDocument();
    expect(screen.getByText(ORDER_PAGE_MESSAGES.pickup)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: ORDER_PAGE_MESSAGES.qrLabel(NUMBER) })).toBeInTheDocument();
  });

  it('a handed-over order: when, no pickup instructions, still its QR code (a second scan warns the stand)', async () => {
    answer(order({ status: 'delivered', paidAt: '2025-07-25T12:00:00.000Z', handedOverAt: '2025-07-25T12:01:00.000Z' }));
    render(<OrderPage orderNumber={NUMBER} urlToken={'a'.repeat(43)} justPlaced={false} />);
    expect(await screen.findByText(/^Abgeholt am 25\.07\.2025, 14:01$/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: ORDER_PAGE_MESSAGES.next })).not.toBeInTheDocument();
    expect(screen.queryByText(ORDER_PAGE_MESSAGES.pickup)).not.toBeInTheDocument();
    expect(await screen.findByRole('img', { name: ORDER_PAGE_MESSAGES.qrLabel(NUMBER) })).toBeInTheDocument();
  });

  it('a cancelled order: nothing to pick up, and no code to show', async () => {
    answer(order({ status: 'cancelled' }));
    render(<OrderPage orderNumber={NUMBER} urlToken={'a'.repeat(43)} justPlaced={false} />);
    expect(await screen.findByText(ORDER_PAGE_MESSAGES.cancelled)).toBeInTheDocument();
    expect(screen.queryByText(ORDER_PAGE_MESSAGES.pickup)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: ORDER_PAGE_MESSAGES.qrLabel(NUMBER) })).not.toBeInTheDocument();
  });
});
