import { describe, expect, it } from 'vitest';
import { cheaperThan, effectiveStatus, hashToken, orderDispatched } from '../src/domains/payments/testing';

/** The pure rules of issue 40's substitutions: the deadline (never past dispatch), the shop's value rule, the kept hash. */
describe('substitution rules', () => {
  const row = { status: 'proposed', deadline_at: '2099-03-01T12:00:00.000Z' };
  it('a proposal stands at its deadline, or at once when the order left the shop; a decided one keeps its status', () => {
    expect(effectiveStatus(row, new Date('2099-03-01T11:59:59.999Z'), false)).toBe('proposed');
    expect(effectiveStatus(row, new Date('2099-03-01T12:00:00.000Z'), false)).toBe('stands');
    expect(effectiveStatus(row, new Date('2099-03-01T10:00:00.000Z'), true)).toBe('stands');
    expect(effectiveStatus({ ...row, status: 'accepted' }, new Date('2099-03-02T00:00:00Z'), true)).toBe('accepted');
  });
  it('dispatched means despatched or delivered', () => {
    expect(orderDispatched({ delivery_status: 'despatched' })).toBe(true);
    expect(orderDispatched({ delivery_status: 'delivered' })).toBe(true);
    expect(orderDispatched({ delivery_status: 'arranged' })).toBe(false);
  });
  it('equal value is allowed, a kobo less is cheaper', () => {
    expect(cheaperThan(25_000, 25_000)).toBe(false);
    expect(cheaperThan(24_999.99, 25_000)).toBe(true);
    expect(cheaperThan(0.1 + 0.2, 0.3)).toBe(false);
  });
  it('keeps a sha256, never the token', () => {
    expect(hashToken('abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken('abc')).not.toContain('abc');
  });
});
