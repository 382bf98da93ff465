import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@/testing/render';
import { mockAdminApi, ordersPage, signInStored } from '../testing/admin-fixtures';
import { OrdersTab } from './orders-tab';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), clean: vi.fn() } }));

const items = (title: string, quantity: number, price: number) => JSON.stringify([{ id: 1, title, variant: 'M', quantity, price }]);
const now = new Date();
const orders = [
  { id: 1, orderNumber: 'GOS-OLD', firstName: 'Ana', lastName: 'Alt', createdAt: '2025-07-01T08:05:00.000Z', status: 'delivered', items: items('Becher', 1, 500), total: 500 },
  { id: 2, orderNumber: 'GOS-NEW', firstName: 'Bo', lastName: 'Neu', createdAt: now.toISOString(), status: 'pending', items: items('Shirt', 2, 1500), total: 3000 },
];

/** What heads every printed sheet: the festival's emblem and name, the title, the day it was printed. */
function expectPrintHeader(title: string) {
  const header = screen.getByTestId('print-header');
  expect(header).toHaveTextContent('Game Of Slavs');
  expect(within(header).getByRole('heading', { name: title })).toBeInTheDocument();
  expect(header.querySelector('img')).toHaveAttribute('src', '/favicon.svg');
  const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(new Date());
  expect(header).toHaveTextContent(`Printed ${today}`);
}

describe('OrdersTab', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    vi.mocked(notifications.show).mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the empty state', async () => {
    mockAdminApi({ 'GET /admin/shop/orders': ordersPage([]) });
    render(<OrdersTab />);
    expect(await screen.findByText('No orders found yet.')).toBeInTheDocument();
  });

  it('summarises and lists orders newest first with German dates, line totals and status labels', async () => {
    mockAdminApi({ 'GET /admin/shop/orders': ordersPage(orders) });
    render(<OrdersTab />);
    const cards = await screen.findAllByTestId('order-card');
    expect(within(cards[0]).getByText('GOS-NEW')).toBeInTheDocument();
    expect(within(cards[1]).getByText('01.07.2025, 10:05')).toBeInTheDocument();
    expect(within(cards[0]).getByText(/^Total: 30,00\s€$/)).toBeInTheDocument();
    expect(within(cards[0]).getByText('Ausstehend', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(within(cards[1]).getByText('Zugestellt', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    const revenue = screen.getByText('Total Revenue').parentElement;
    expect(revenue && within(revenue).getByText(/35,00\s€/)).toBeInTheDocument();
    const recent = screen.getByText('Recent Orders (24h)').parentElement;
    expect(recent && within(recent).getByText('1')).toBeInTheDocument();
  });

  it('leaves cancelled orders out of the revenue, though it counts them as orders', async () => {
    const cancelled = { ...orders[1], id: 3, orderNumber: 'GOS-STORNO', status: 'cancelled', total: 4000 };
    mockAdminApi({ 'GET /admin/shop/orders': ordersPage([...orders, cancelled]) });
    render(<OrdersTab />);
    expect(await screen.findAllByTestId('order-card')).toHaveLength(3);
    const total = screen.getByText('Total Orders').parentElement;
    expect(total && within(total).getByText('3')).toBeInTheDocument();
    const revenue = screen.getByText('Total Revenue').parentElement;
    expect(revenue && within(revenue).getByText(/35,00\s€/)).toBeInTheDocument();
  });

  it('changes a status and deletes without asking', async () => {
    const request = mockAdminApi({
      'GET /admin/shop/orders': ordersPage(orders),
      'PUT /admin/shop/orders/2': { success: true },
      'DELETE /admin/shop/orders/1': { success: true },
    });
    const { user } = render(<OrdersTab />);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status of order GOS-NEW' }), 'Storniert');
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Order status updated successfully' })),
    );
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT', data: { status: 'cancelled' } }));
    await user.click(screen.getByRole('button', { name: 'Delete order GOS-OLD' }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Order deleted successfully' })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens an order with its lines, customer, status and dates, ready to print', async () => {
    mockAdminApi({
      'GET /admin/shop/orders': ordersPage(orders),
      'GET /admin/shop/orders/2': {
        success: true,
        order: {
          ...orders[1],
          createdAt: '2025-07-24T16:30:00.000Z',
          updatedAt: '2025-07-25T09:00:00.000Z',
          items: JSON.stringify([
            { id: 1, title: 'Shirt', variant: 'M', quantity: 2, price: 1500 },
            { id: 4, title: 'Horn', variant: '0,5 l', quantity: 1, price: 1800 },
          ]),
          total: 4800,
          lines: [
            { id: 1, title: 'Shirt', variant: 'M', quantity: 2, price: 1500 },
            { id: 4, title: 'Horn', variant: '0,5 l', quantity: 1, price: 1800 },
          ],
          history: [
            { action: 'paid', at: '2025-07-25T08:15:00.000Z', by: 'orga' },
            { action: 'status', at: '2025-07-25T08:20:00.000Z', by: 'kasse', from: 'pending', to: 'processing' },
          ],
        },
      },
    });
    const { user } = render(<OrdersTab />);
    await user.click(await screen.findByRole('button', { name: 'Details of order GOS-NEW' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order GOS-NEW' });
    expect(within(dialog).getByText('Bo Neu')).toBeInTheDocument();
    expect(within(dialog).getByText('24.07.2025, 18:30')).toBeInTheDocument();
    expect(within(dialog).getByText('25.07.2025, 11:00')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Ausstehend');
    const rows = within(within(dialog).getByRole('table', { name: 'Lines of order GOS-NEW' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' ')))).toEqual([
      ['Shirt', 'M', '2', '15,00 €', '30,00 €'],
      ['Horn', '0,5 l', '1', '18,00 €', '18,00 €'],
    ]);
    expect(within(dialog).getByText(/^Total: 48,00\s€$/)).toBeInTheDocument();
    expect(within(dialog).getByTestId('order-history').textContent?.replace(/\s/g, ' ')).toBe(
      '25.07.2025, 10:15 Marked paid at the stand · orga25.07.2025, 10:20 Status: Ausstehend → In Bearbeitung · kasse',
    );
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByTestId('print-sheet')).toHaveTextContent('Order GOS-NEW');
    expectPrintHeader('Order GOS-NEW');
  });

  it('changes the status of an order from its details', async () => {
    const request = mockAdminApi({
      'GET /admin/shop/orders': ordersPage(orders),
      'GET /admin/shop/orders/2': { success: true, order: { ...orders[1], updatedAt: orders[1].createdAt, lines: [{ id: 1, title: 'Shirt', variant: 'M', quantity: 2, price: 1500 }], history: [] } },
      'PUT /admin/shop/orders/2': { success: true },
    });
    const { user } = render(<OrdersTab />);
    await user.click(await screen.findByRole('button', { name: 'Details of order GOS-NEW' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order GOS-NEW' });
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Status' }), 'Versendet');
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Order status updated successfully' })));
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT', url: '/admin/shop/orders/2', data: { status: 'shipped' } }));
  });

  it('shows the packing list from the server and offers it as CSV and on paper', async () => {
    mockAdminApi({
      'GET /admin/shop/orders': ordersPage(orders),
      'GET /admin/shop/packing-list': {
        success: true,
        orders: 2,
        lines: [
          { productId: 1, title: 'Shirt', variant: 'S', units: 1 },
          { productId: 1, title: 'Shirt', variant: 'M', units: 5 },
        ],
      },
    });
    const { user } = render(<OrdersTab />);
    await user.click(await screen.findByRole('button', { name: 'Packing list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Packing list' });
    expect(await within(dialog).findByText('2 orders (not cancelled), 6 units')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('table', { name: 'Packing list' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Shirt', 'S', '1'],
      ['Shirt', 'M', '5'],
    ]);
    expect(within(dialog).getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download for German Excel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeEnabled();
    expectPrintHeader('Packing list');
  });
});
