import { PAYMENT_STATUSES } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { isApiDate, isApiDateShape, formatDrawerDate, toApiDate } from '../src/dates';
import { isPaid } from '../src/payment';
import { fullPhoneNumber, localNumber, normalizePhone, shownPhone } from '../src/phone';

describe('isPaid', () => {
  it('applies the rule of SPEC section 4', () => {
    expect(isPaid('paid')).toBe(true);
    expect(isPaid('Paid - confirmed by transfer')).toBe(true);
    expect(isPaid('go ahead - pay on delivery approved')).toBe(true);
    expect(isPaid('not paid')).toBe(false);
    expect(isPaid('part payment')).toBe(false);
    expect(isPaid(undefined)).toBe(false);
  });

  it('only the paid statuses of the contract match it', () => {
    const paid = PAYMENT_STATUSES.filter((s) => isPaid(s));
    expect(paid).toEqual(['paid', 'paid - confirmed by transfer', 'paid - partly refunded', 'go ahead - pay on delivery approved']);
  });

  it('a partly refunded order is still paid (still to be delivered); a fully refunded one is not', () => {
    expect(isPaid('paid - partly refunded')).toBe(true);
    expect(isPaid('refunded')).toBe(false);
  });
});

describe('the phone rule (forms and server)', () => {
  it('takes real Nigerian numbers however they are typed', () => {
    for (const typed of ['08031234567', '803 123 4567', '0803-123-4567', '(0803) 123 4567', '+2348031234567', '01 234 5678']) {
      expect(fullPhoneNumber('+234', typed), typed).toMatch(/^\+234\d{8,10}$/);
    }
    expect(fullPhoneNumber('+234', '0803 123 4567')).toBe('+2348031234567');
  });

  it('takes numbers abroad with their country code', () => {
    expect(fullPhoneNumber('+44', '07700 900123')).toBe('+447700900123');
    expect(fullPhoneNumber('+1', '(212) 555-0100')).toBe('+12125550100');
    expect(fullPhoneNumber('+233', '024 123 4567')).toBe('+233241234567');
  });

  it('refuses what cannot be a number', () => {
    // Too short, too long for Nigeria (15 digits typed after +234), letters, too long anywhere (E.164: 15 digits).
    for (const typed of ['12', '123456', '123456789012345', '0803-ABC', '', '+0123456789', '+4412345678901234']) {
      expect(fullPhoneNumber('+234', typed), typed).toBeNull();
    }
    expect(fullPhoneNumber('+44', '1234567890123456')).toBeNull();
  });
});

describe('shownPhone: a stored number as people write it (issue 44, item 3)', () => {
  it('a Nigerian mobile as 0803 333 4444, a fixed line grouped the same way', () => {
    expect(shownPhone('+2348033334444', '+234')).toBe('0803 333 4444');
    expect(shownPhone('+2348033334444')).toBe('0803 333 4444');
    expect(shownPhone('+23412345678', '+234')).toBe('01 234 5678');
  });
  it('another country in the international form, its code apart; a number without its code as stored', () => {
    expect(shownPhone('+447700900123', '+44')).toBe('+44 7700900123');
    expect(shownPhone('+447700900123', '+234')).toBe('+447700900123');
  });
  it('reads back by the phone rule to the same number', () => {
    for (const [phone, code] of [['+2348033334444', '+234'], ['+23412345678', '+234'], ['+447700900123', '+44']] as const) {
      expect(fullPhoneNumber(code, shownPhone(phone, code))).toBe(phone);
    }
  });
});

describe('normalizePhone', () => {
  it('strips a leading zero and prefixes the country code', () => {
    expect(normalizePhone('+234', '08031234567')).toBe('+2348031234567');
    expect(normalizePhone('234', '803 123 4567')).toBe('+2348031234567');
    expect(normalizePhone('+44', '07700 900123')).toBe('+447700900123');
    expect(normalizePhone('+234', '')).toBe('');
  });

  it('gives the form back the number without its country code', () => {
    expect(localNumber('+2348031234567', '+234')).toBe('8031234567');
    expect(localNumber('8031234567', '+234')).toBe('8031234567');
    expect(localNumber('+447700900123', '+234')).toBe('+447700900123');
    expect(localNumber(undefined, '+234')).toBe('');
    expect(localNumber(normalizePhone('+44', '07700 900123'), '+44')).toBe('7700900123');
  });
});

describe('dates', () => {
  it("formats the drawer date as 'D MMM YYYY' or 'Not set yet'", () => {
    expect(formatDrawerDate('2026-02-14')).toBe('14 Feb 2026');
    expect(formatDrawerDate(null)).toBe('Not set yet');
    expect(formatDrawerDate('nonsense')).toBe('Not set yet');
    expect(toApiDate(new Date(2026, 1, 4))).toBe('2026-02-04');
    expect(toApiDate(null)).toBe('');
  });
});

describe('API dates', () => {
  it('takes only real days written YYYY-MM-DD', () => {
    expect(isApiDate('2026-02-28')).toBe(true);
    expect(isApiDate('2028-02-29')).toBe(true);
    expect(isApiDate('2026-02-29')).toBe(false);
    expect(isApiDate('2026-13-01')).toBe(false);
    expect(isApiDate('14/02/2026')).toBe(false);
    expect(isApiDate('2026-2-14')).toBe(false);
    expect(isApiDate(20260214)).toBe(false);
    expect(isApiDateShape('2026-02-30')).toBe(true);
    expect(isApiDateShape('')).toBe(false);
  });
});

describe('normaliseEmail (one rule for the server and the forms)', () => {
  it('trims and lowercases a usable address, refuses the rest', async () => {
    const { isEmail, normaliseEmail } = await import('../src/email');
    expect(normaliseEmail('  Ada.Obi@Example.COM ')).toBe('ada.obi@example.com');
    for (const bad of ['tunde@', 'a@b', 'a b@example.com', 'a@-example.com', 'a@example..com', `${'x'.repeat(65)}@example.com`, 42, null]) {
      expect(normaliseEmail(bad)).toBeNull();
      expect(isEmail(bad)).toBe(false);
    }
  });
});
