import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authConfigWith } from '../src/domains/account';
import { parseSettingsCommand, SettingsError } from '../src/domains/site';
import { setRate } from '../src/domains/site/testing';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * Every money and rate field of the back office and `pnpm settings` is read by the one amount rule the
 * product prices use (issue 32, item 6): the review set a fee of ₦0 with `null`, `false` or `" "`, ₦1
 * with `true`, ₦5 with `[5]`, ₦16 with `"0x10"`, ₦1,000 with `"1e3"`, and a USD rate of 1 with `true`
 * (the request schema's type coercion turned them into numbers). Each is now a 400 naming the field,
 * with nothing changed.
 */

/** What a JSON body can carry that is not an amount: each was taken as one before. */
const NOT_AMOUNTS: unknown[] = [null, false, ' ', true, [5], '0x10', '1e3', '', '4500', '4,500', -1, 4500.5, 1e21, {}, ['5']];
/** The same as words on the command line. */
const NOT_AMOUNT_WORDS = ['null', 'false', ' ', 'true', '[5]', '0x10', '1e3', '', '4,500', '-1', 'Infinity', 'NaN', '₦4500'];

let shop: TestShop;
const business = 'adire-blooms';
const P = '/v1/backoffice';
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
const { call, data } = backofficeCalls(() => shop, business);

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig } });
  const email = 'money-manager@adireblooms.ng';
  const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
  await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', 'manager']), { mailer, config: staffConfig, publicUrl: 'http://shop.test' });
  const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(mail.text_body)![1]!;
  manager = data<{ token: string }>(await call('POST', `${P}/auth/accept-invite`, undefined, { email, code, password: 'Staff-manager-2026' })).token;
}, 60_000);
afterAll(() => shop?.close());

const settings = async () => data(await call('GET', `${P}/settings`, manager));
const delivery = async () => data(await call('GET', `${P}/settings/delivery`, manager));

/** Each delivery change with a money field, and the field. */
const CHANGES: [string, Record<string, unknown>, string][] = [
  ['set-fee', { change: 'set-fee', state: 'lagos', zone: 'Mainland' }, 'amount'],
  ['set-fee in a window', { change: 'set-fee', state: 'lagos', zone: 'Mainland', window: 'Nowhere' }, 'amount'],
  ['add-zone', { change: 'add-zone', state: 'lagos', zone: 'Ikeja' }, 'amount'],
  ['set-min-amount', { change: 'set-min-amount' }, 'amount'],
  ['add-window (surcharge)', { change: 'add-window', name: 'Easter', startDate: '2099-04-03', endDate: '2099-04-05', minAmount: 0 }, 'surcharge'],
  ['add-window (minimum amount)', { change: 'add-window', name: 'Easter', startDate: '2099-04-03', endDate: '2099-04-05', surcharge: 0 }, 'minAmount'],
];

describe('money fields of the back office (issue 32, item 6)', () => {
  for (const [name, change, field] of CHANGES) {
    it(`${name}: ${field} must be a number in range; anything else is a 400 naming it, nothing changed`, async () => {
      const before = await delivery();
      for (const value of NOT_AMOUNTS) {
        const res = await call('POST', `${P}/settings/delivery`, manager, { ...change, [field]: value });
        expect(res.statusCode, JSON.stringify(value)).toBe(400);
        expect(res.json().code).toBe('INVALID_SETTINGS');
        expect(Object.keys(res.json().fields), JSON.stringify(value)).toEqual([field]);
        expect(res.json().fields[field]).toMatch(/must be whole naira from 0 to 10000000/);
      }
      expect(await delivery()).toEqual(before);
    });
  }

  it('quotes what was sent: text as typed, anything else as JSON, and digits sent as text are told to come as a number', async () => {
    const said = async (amount: unknown) => (await call('POST', `${P}/settings/delivery`, manager, { change: 'set-fee', state: 'lagos', zone: 'Mainland', amount })).json().message;
    expect(await said(null)).toBe("The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got 'null'.");
    expect(await said(true)).toBe("The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got 'true'.");
    expect(await said([5])).toBe("The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got '[5]'.");
    expect(await said('0x10')).toBe("The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got '0x10'.");
    expect(await said('4500')).toBe("The fee must be whole naira from 0 to 10000000 written as digits, such as 4500; got '4500' (text: send it as a number).");
  });

  it('a number in range is still taken, from 0 to ₦10,000,000', async () => {
    const set = data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-fee', state: 'lagos', zone: 'Mainland', amount: 5200 }));
    expect(set.message).toMatch(/now costs ₦5,200/);
    data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-min-amount', amount: 0 }));
    expect((await delivery()).minAmount).toBe(0);
    expect((await call('POST', `${P}/settings/delivery`, manager, { change: 'set-min-amount', amount: 10_000_001 })).statusCode).toBe(400);
  });

  it('PUT settings: a rate must be a number in range; true, [5], "1e3" … are a 400 naming the rate, nothing changed', async () => {
    const before = await settings();
    for (const value of NOT_AMOUNTS.filter((v) => v !== 4500.5)) {
      const res = await call('PUT', `${P}/settings`, manager, { rates: { USD: value } });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(value)).toEqual(['rates.USD']);
    }
    // With another change beside it: neither is made.
    const both = await call('PUT', `${P}/settings`, manager, { siteWideAlert: 'Changed?', rates: { USD: true, GBP: 2000 } });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual({ 'rates.USD': "The rate must be a positive number such as 1550 or 1920.5, got 'true'." });
    expect((await call('PUT', `${P}/settings`, manager, { rates: { USD: 1_000_001 } })).json().fields).toEqual({ 'rates.USD': "The rate must be at most 1,000,000 naira per unit, got '1000001'." });
    expect(await settings()).toEqual(before);
    const set = data(await call('PUT', `${P}/settings`, manager, { rates: { USD: 1620.5 } }));
    expect(set.settings.rates.USD).toBe(1620.5);
  });
});

describe('money words of `pnpm settings` (issue 32, item 6)', () => {
  const refused = (argv: string[]) => {
    try {
      parseSettingsCommand(argv);
    } catch (err) {
      expect(err).toBeInstanceOf(SettingsError);
      return (err as SettingsError).field ?? 'rate';
    }
    throw new Error(`${argv.join(' ')} was taken`);
  };

  it('set-fee, add-zone, set-min-amount, add-window and set-rate take plain digits only', () => {
    for (const word of NOT_AMOUNT_WORDS) {
      expect(refused(['set-fee', 'lagos', 'Mainland', word]), word).toBe('amount');
      expect(refused(['set-fee', 'lagos', 'Mainland', word, '--window', 'Easter']), word).toBe('amount');
      expect(refused(['add-zone', 'lagos', 'Ikeja', word]), word).toBe('amount');
      expect(refused(['set-min-amount', word]), word).toBe('amount');
      expect(refused(['add-window', 'Easter', '2099-04-03', '2099-04-05', word, '0']), word).toBe('surcharge');
      expect(refused(['add-window', 'Easter', '2099-04-03', '2099-04-05', '0', word]), word).toBe('minAmount');
      expect(refused(['set-rate', 'USD', word]), word).toBe('rate');
    }
    expect(parseSettingsCommand(['set-fee', 'lagos', 'Mainland', '4500'])).toMatchObject({ kind: 'delivery', change: { amount: 4500 } });
    expect(parseSettingsCommand(['add-window', 'Easter', '2099-04-03', '2099-04-05', '0', '150000'])).toMatchObject({ change: { surcharge: 0, minAmount: 150000 } });
    expect(parseSettingsCommand(['set-rate', 'GBP', '1920.5'])).toEqual({ kind: 'set-rate', currency: 'GBP', rate: 1920.5 });
  });

  it('set-rate from the command leaves the rate as it was when refused', async () => {
    const rate = async () => Number((await shop.db.kysely.selectFrom('currency').select('conversion_rate').where('name', '=', 'USD').executeTakeFirstOrThrow()).conversion_rate);
    const before = await rate();
    for (const word of [...NOT_AMOUNT_WORDS, '1000001']) await expect(setRate(shop.db.kysely, 'USD', word), word).rejects.toThrow(SettingsError);
    expect(await rate()).toBe(before);
  });
});
