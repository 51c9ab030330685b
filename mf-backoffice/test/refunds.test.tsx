import type { RefundRecord, StaffOrderPage } from '@adire/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The refund route is not called here: the order's page as the server sends it.
vi.mock('../src/api', () => ({ paths: { refunds: (n: string) => `/v1/backoffice/orders/${n}/refunds` }, staffApi: { get: vi.fn(), post: vi.fn(), put: vi.fn() } }));

import { Refunds } from '../src/orders/Refunds';

afterEach(cleanup);

const refund = (over: Partial<RefundRecord>): RefundRecord => ({
  id: 'r1',
  refundKey: 'rf-1',
  amount: 25000,
  currency: 'NGN',
  status: 'pending',
  method: 'provider',
  provider: 'paystack',
  paymentReference: 'ABL1042W-abc',
  reference: null,
  reason: 'cancelled',
  by: 'manager@adireblooms.ng',
  at: '2099-03-01T09:00:00.000Z',
  updatedAt: '2099-03-01T09:00:00.000Z',
  ...over,
});

const view = (refunds: RefundRecord[]) => ({ order: { orderNumber: 'ABL1042W', currency: 'NGN' }, refunds, received: 25000, refunded: 25000 }) as unknown as StaffOrderPage;

describe("the order's refunds (a refund pending over 24 hours)", () => {
  it("shows the server's sentence beside a refund that needs the staff's attention, and none beside the others", () => {
    const sentence = "Pending with Paystack since 1 Mar 2099, 10:00 (Lagos time) — checked again every 15 minutes; check Paystack's dashboard if it stays pending.";
    render(<Refunds view={view([refund({ attention: sentence }), refund({ id: 'r2', status: 'processed', amount: 100 })])} onView={() => {}} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]!.textContent).toContain(sentence);
    expect(items[0]!.textContent).toContain('on its way');
    expect(items[1]!.textContent).not.toContain('Pending with');
  });
});
