import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEFAULT_CHECKOUT_SETTINGS } from '@adire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { BASE_DELIVERY } from '../src/db/seed-data';
import { authConfigWith } from '../src/domains/account';
import { applyDeliveryChange, readDeliveryChange } from '../src/domains/site';
import { type DeliveryState } from '../src/domains/site/testing';
import { parseSettingsCommand, SettingsError } from '../src/domains/site';
import { executeStaffCommand, loadStaffConfig, parseStaffCommand } from '../src/domains/staff';
import { createMailer } from '../src/mail/mailer';
import { seedIfEmpty } from '../src/seed';
import { backofficeCalls, startTestShop, type TestShop } from './helpers';

/**
 * Capacities and order-by times in the delivery settings (issue 29, items 1-2): the pure reading and
 * checking of a change, the command's words, the command run as the operator runs it, and the back
 * office's API with its roles and audit.
 */

const TODAY = '2099-02-01';
/** 1 Feb 2099, 10:00 in Lagos. */
const NOW = new Date('2099-02-01T09:00:00Z');
const state = (): DeliveryState => ({ delivery: { baseConfig: structuredClone(BASE_DELIVERY), overrideConfigs: [] }, checkout: structuredClone(DEFAULT_CHECKOUT_SETTINGS) });
const apply = (s: DeliveryState, kind: string, input: Record<string, unknown>) => applyDeliveryChange(s, readDeliveryChange(kind, input), TODAY, NOW);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(SettingsError);
    return { message: (err as SettingsError).message, field: (err as SettingsError).field };
  }
  throw new Error('not refused');
};

describe('reading a capacity or an order-by change', () => {
  it('reads a date or a weekday, a place in any case, and a number of orders or none', () => {
    expect(readDeliveryChange('set-capacity', { day: '2099-02-14', place: 'Lagos', orders: 300 })).toEqual({ kind: 'set-capacity', day: '2099-02-14', place: 'lagos', orders: 300 });
    expect(readDeliveryChange('set-capacity', { day: 'SAT', place: 'pickup:ikoyi  lpi', orders: '40' })).toEqual({ kind: 'set-capacity', day: 'sat', place: 'pickup:Ikoyi LPI', orders: 40 });
    expect(readDeliveryChange('set-capacity', { day: 'Sunday', place: 'abuja', orders: 'none' })).toMatchObject({ day: 'sun', orders: null });
    expect(readDeliveryChange('set-capacity', { day: '2099-02-14', place: 'abuja', orders: null })).toMatchObject({ orders: null });
    expect(readDeliveryChange('set-order-by', { date: '2099-02-14', closesAt: ' 2099-02-13  18:00 ' })).toEqual({ kind: 'set-order-by', date: '2099-02-14', closesAt: '2099-02-13 18:00' });
  });

  it.each([
    [{ day: 'someday', place: 'lagos', orders: 1 }, 'day', "'someday' is not a day: write a date YYYY-MM-DD, such as 2027-02-14, or a weekday: mon, tue, wed, thu, fri, sat, sun."],
    [{ day: '2099-02-30', place: 'lagos', orders: 1 }, 'day', "'2099-02-30' is not a day: write a date YYYY-MM-DD, such as 2027-02-14, or a weekday: mon, tue, wed, thu, fri, sat, sun."],
    [{ day: 'sat', place: 'kano', orders: 1 }, 'place', "Unknown place 'kano'. Places: lagos, abuja, other-locations, pickup:Ikoyi LPI, pickup:Abuja APA, pickup:Lekki LPL."],
    [{ day: 'sat', orders: 1 }, 'place', 'Choose the place: lagos, abuja, other-locations, pickup:Ikoyi LPI, pickup:Abuja APA, pickup:Lekki LPL.'],
    [{ day: 'sat', place: 'lagos', orders: '-1' }, 'orders', "The capacity must be a whole number of orders from 0 to 10000 written as digits, or none to remove it; got '-1'."],
    [{ day: 'sat', place: 'lagos', orders: 10001 }, 'orders', "The capacity must be a whole number of orders from 0 to 10000 written as digits, or none to remove it; got '10001'."],
    [{ day: 'sat', place: 'lagos', orders: 2.5 }, 'orders', "The capacity must be a whole number of orders from 0 to 10000 written as digits, or none to remove it; got '2.5'."],
    [{ day: 'sat', place: 'lagos', orders: true }, 'orders', "The capacity must be a whole number of orders from 0 to 10000 written as digits, or none to remove it; got 'true'."],
    [{ day: 'sat', place: 'lagos', orders: '' }, 'orders', "The capacity must be a whole number of orders from 0 to 10000 written as digits, or none to remove it; got ''."],
  ])('refuses the capacity %j beside its field', (input, field, message) => {
    expect(refusal(() => readDeliveryChange('set-capacity', input))).toEqual({ field, message });
  });

  it('refuses an order-by moment that is not one', () => {
    for (const closesAt of ['2099-02-13', '18:00', '2099-02-13 24:00', '2099-02-30 18:00', '13/02/2099 18:00']) {
      expect(refusal(() => readDeliveryChange('set-order-by', { date: '2099-02-14', closesAt })).field).toBe('closesAt');
    }
    expect(refusal(() => readDeliveryChange('set-order-by', { date: '2099-02-14', closesAt: '6pm' })).message).toBe(
      "'6pm' is not a moment: write it YYYY-MM-DD HH:mm, 24-hour Lagos time, such as 2027-02-13 18:00.",
    );
    expect(refusal(() => readDeliveryChange('clear-order-by', { date: 'tomorrow' })).field).toBe('date');
  });
});

describe('checking a capacity or an order-by change against the settings (pure)', () => {
  it('sets, overrides and removes capacities, saying what the day takes now', () => {
    let s = apply(state(), 'set-capacity', { day: 'sun', place: 'lagos', orders: 100 });
    expect(s.message).toBe('Delivery in Lagos can take 100 orders every Sunday (was unlimited).');
    const valentine = apply(s, 'set-capacity', { day: '2099-02-15', place: 'lagos', orders: 300 }); // a Sunday
    expect(valentine.message).toBe('Delivery in Lagos can take 300 orders on 15 Feb 2099 (was 100).');
    s = apply(valentine, 'set-capacity', { day: '2099-02-15', place: 'lagos', orders: 'none' });
    expect(s.message).toBe('Delivery in Lagos on 15 Feb 2099: no capacity of its own now, so it takes 100 orders (the Sunday default).');
    expect(s.checkout.capacities).toEqual([{ day: 'sun', place: 'lagos', orders: 100 }]);
    expect(apply(s, 'set-capacity', { day: 'sat', place: 'pickup:Lekki LPL', orders: 1 }).message).toBe('Pick-up at Lekki LPL can take 1 order every Saturday (was unlimited).');
    expect(refusal(() => apply(s, 'set-capacity', { day: '2099-02-15', place: 'abuja', orders: 'none' }))).toEqual({
      field: 'orders',
      message: 'Delivery in Abuja has no capacity of its own on 15 Feb 2099: there is nothing to remove.',
    });
    expect(refusal(() => apply(s, 'set-capacity', { day: '2099-01-31', place: 'lagos', orders: 5 }))).toEqual({ field: 'day', message: '31 Jan 2099 has passed.' });
  });

  it('drops dated capacities that have passed on every change; weekday defaults stay, in weekday order', () => {
    const old = state();
    old.checkout.capacities = [
      { day: '2099-01-20', place: 'lagos', orders: 9 },
      { day: 'fri', place: 'abuja', orders: 3 },
    ];
    const next = apply(old, 'set-capacity', { day: 'mon', place: 'abuja', orders: 4 });
    expect(next.checkout.capacities).toEqual([
      { day: 'mon', place: 'abuja', orders: 4 },
      { day: 'fri', place: 'abuja', orders: 3 },
    ]);
  });

  it('sets an order-by time only before the day ends and while it is ahead; clears it', () => {
    const s = apply(state(), 'set-order-by', { date: '2099-02-14', closesAt: '2099-02-13 18:00' });
    expect(s.message).toBe('Orders for 14 Feb close at 6pm on 13 Feb (Lagos time): after that no new order may take 14 Feb 2099.');
    expect(s.checkout.orderBy).toEqual([{ date: '2099-02-14', closesAt: '2099-02-13 18:00' }]);
    // On the day itself is allowed (earlier than its same-day cutoff); the day after is not.
    expect(apply(s, 'set-order-by', { date: '2099-02-14', closesAt: '2099-02-14 09:30' }).checkout.orderBy).toEqual([{ date: '2099-02-14', closesAt: '2099-02-14 09:30' }]);
    expect(refusal(() => apply(s, 'set-order-by', { date: '2099-02-14', closesAt: '2099-02-15 00:00' }))).toEqual({
      field: 'closesAt',
      message: 'Orders for 14 Feb 2099 must close before the day ends: choose a moment on 14 Feb 2099 or before it.',
    });
    // NOW is 10:00 on 1 Feb in Lagos: 09:59 has passed, 10:01 is ahead.
    expect(refusal(() => apply(s, 'set-order-by', { date: '2099-02-14', closesAt: '2099-02-01 09:59' }))).toEqual({
      field: 'closesAt',
      message: '2099-02-01 09:59 (Lagos time) has passed: choose a moment still ahead, or close the day with close-date.',
    });
    expect(apply(s, 'set-order-by', { date: '2099-02-14', closesAt: '2099-02-01 10:01' }).checkout.orderBy).toHaveLength(1);
    expect(refusal(() => apply(s, 'set-order-by', { date: '2099-01-31', closesAt: '2099-01-30 10:00' }))).toEqual({ field: 'date', message: '31 Jan 2099 has passed.' });
    expect(apply(s, 'clear-order-by', { date: '2099-02-14' })).toMatchObject({ message: 'Orders for 14 Feb 2099 are taken until its same-day cutoff again.', checkout: { orderBy: [] } });
    expect(refusal(() => apply(state(), 'clear-order-by', { date: '2099-02-14' }))).toEqual({ field: 'date', message: '14 Feb 2099 has no order-by time.' });
  });
});

describe('the settings command reads capacities and order-by times', () => {
  it('--location defaults to lagos, takes a pick-up branch in any case, and the moment quoted or not', () => {
    expect(parseSettingsCommand(['set-capacity', '2099-02-14', '300'])).toEqual({ kind: 'delivery', change: { kind: 'set-capacity', day: '2099-02-14', place: 'lagos', orders: 300 } });
    expect(parseSettingsCommand(['set-capacity', 'sat', 'none', '--location', 'PICKUP:Ikoyi lpi'])).toEqual({
      kind: 'delivery',
      change: { kind: 'set-capacity', day: 'sat', place: 'pickup:Ikoyi LPI', orders: null },
    });
    expect(parseSettingsCommand(['set-order-by', '2099-02-14', '2099-02-13 18:00'])).toEqual({ kind: 'delivery', change: { kind: 'set-order-by', date: '2099-02-14', closesAt: '2099-02-13 18:00' } });
    expect(parseSettingsCommand(['set-order-by', '2099-02-14', '2099-02-13', '18:00'])).toEqual(parseSettingsCommand(['set-order-by', '2099-02-14', '2099-02-13 18:00']));
    expect(parseSettingsCommand(['clear-order-by', '2099-02-14'])).toEqual({ kind: 'delivery', change: { kind: 'clear-order-by', date: '2099-02-14' } });
    expect(() => parseSettingsCommand(['set-capacity', 'sat', '5', '--location', 'pickup:Ikoyi', 'LPI'])).toThrow("'set-capacity' takes 2 arguments");
    expect(() => parseSettingsCommand(['set-capacity', 'sat', '5', '--location', 'kano'])).toThrow("Unknown place 'kano'.");
    expect(() => parseSettingsCommand(['set-order-by', '2099-02-14', '2099-02-13 18:00', '--location', 'abuja'])).toThrow("'set-order-by' takes no --location");
  });
});

describe('the settings command run as the operator runs it', () => {
  const serverDir = fileURLToPath(new URL('..', import.meta.url));
  const cli = path.join(serverDir, 'src/cli/settings.ts');
  let dir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-peak-cli-'));
    const sqliteFile = path.join(dir, 'shop.sqlite');
    const db = openDatabase({ sqliteFile });
    await migrateToLatest(db);
    await seedIfEmpty(db);
    await db.close();
    env = { ...process.env, DATABASE_URL: '', SQLITE_FILE: sqliteFile, NODE_ENV: 'test' };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const exec = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env, cwd: serverDir });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('sets a capacity and an order-by time, shows them, refuses bad input with exit 1, and audits each change', { timeout: 90_000 }, async () => {
    expect(await exec('set-capacity', '2099-02-14', '300')).toMatchObject({ code: 0, stdout: 'Delivery in Lagos can take 300 orders on 14 Feb 2099 (was unlimited).\n' });
    expect(await exec('set-capacity', 'sat', '40', '--location', 'pickup:ikoyi lpi')).toMatchObject({ code: 0, stdout: 'Pick-up at Ikoyi LPI can take 40 orders every Saturday (was unlimited).\n' });
    expect(await exec('set-order-by', '2099-02-14', '2099-02-13', '18:00')).toMatchObject({ code: 0 });
    const refused = await exec('set-capacity', '2099-02-14', 'lots');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The capacity must be a whole number of orders from 0 to 10000 written as digits, or none to remove it; got 'lots'.");
    const show = await exec('show');
    expect(show.stdout).toContain('Capacities (2; a place without one takes unlimited orders):');
    expect(show.stdout).toContain('  sat        pickup:Ikoyi LPI   40 orders');
    expect(show.stdout).toContain('  2099-02-14 lagos              300 orders');
    expect(show.stdout).toContain('  2099-02-14 orders close 2099-02-13 18:00 Lagos time');
    const db = openDatabase({ sqliteFile: env.SQLITE_FILE! });
    const audit = await db.kysely.selectFrom('staff_audit').select(['actor', 'action', 'target', 'source']).orderBy('created_at').execute();
    await db.close();
    expect(audit).toEqual([
      { actor: 'operator', action: 'settings.set-capacity', target: '2099-02-14 / lagos', source: 'command line' },
      { actor: 'operator', action: 'settings.set-capacity', target: 'sat / pickup:Ikoyi LPI', source: 'command line' },
      { actor: 'operator', action: 'settings.set-order-by', target: '2099-02-14', source: 'command line' },
    ]);
  });
});

// --- the back office's API on a real database ------------------------------------------------------

let shop: TestShop;
const business = 'adire-blooms';
const P = '/v1/backoffice';
const auth = authConfigWith({});
const staffConfig = { ...loadStaffConfig({}, auth), idleMs: 30 * 60_000 };
let manager = '';
let florist = '';
let shopper = '';
const { call, data } = backofficeCalls(() => shop, business);

async function makeStaff(email: string, role: 'florist' | 'manager', invitedBy: string | null): Promise<string> {
  if (invitedBy) data(await call('POST', `${P}/staff`, invitedBy, { email, role }));
  else {
    const mailer = createMailer({ db: shop.db, from: 'Adire Blooms <hello@adireblooms.ng>' });
    await executeStaffCommand(shop.db, parseStaffCommand(['add', email, '--role', role]), { mailer, config: staffConfig, publicUrl: 'http://shop.test' });
  }
  const mail = await shop.db.kysely.selectFrom('mail_outbox').select('text_body').where('to_address', '=', email).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
  const code = /invitation code: (\d{6})/.exec(mail.text_body)![1]!;
  return data<{ token: string }>(await call('POST', `${P}/auth/accept-invite`, undefined, { email, code, password: `Staff-${role}-2099` })).token;
}

beforeAll(async () => {
  shop = await startTestShop({ auth, config: { staff: staffConfig } });
  manager = await makeStaff('peak-manager@adireblooms.ng', 'manager', null);
  florist = await makeStaff('peak-florist@adireblooms.ng', 'florist', manager);
  const signup = await shop.app.inject({ method: 'POST', url: '/v1/storefront/auth/signup', payload: { business, email: 'shopper-peak@example.com', password: 'Bloom-shopper-1' } });
  shopper = signup.json().data.authToken;
}, 60_000);
afterAll(() => shop?.close());

const handshake = async () => (await shop.app.inject(`/v1/storefront/handshake?business=${business}`)).json().data.settings;
const settingsStamp = async () => Number((await shop.db.kysely.selectFrom('data_version').select('version').where('name', '=', 'settings').executeTakeFirstOrThrow()).version);

describe("the back office's capacities and order-by times (managers)", () => {
  it('a florist and a shopper get 403, no session 401, and nothing changes', async () => {
    for (const [token, status] of [
      [florist, 403],
      [shopper, 403],
      [undefined, 401],
    ] as const) {
      const res = await call('POST', `${P}/settings/delivery`, token, { change: 'set-capacity', day: '2099-02-14', place: 'lagos', orders: 5 });
      expect(res.statusCode).toBe(status);
    }
    expect(data(await call('GET', `${P}/settings/delivery`, manager))).toMatchObject({ capacities: [], orderBy: [] });
  });

  it('a manager sets them: the view, the handshake and the data stamp move, and the audit keeps before and after', async () => {
    const stamp = await settingsStamp();
    const set = data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-capacity', day: '2099-02-14', place: 'pickup:Lekki LPL', orders: 25 }));
    expect(set.message).toBe('Pick-up at Lekki LPL can take 25 orders on 14 Feb 2099 (was unlimited).');
    expect(set.delivery.capacities).toEqual([{ day: '2099-02-14', place: 'pickup:Lekki LPL', orders: 25 }]);
    const by = data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-order-by', date: '2099-02-14', closesAt: '2099-02-13 18:00' }));
    expect(by.delivery.orderBy).toEqual([{ date: '2099-02-14', closesAt: '2099-02-13 18:00' }]);
    expect(await settingsStamp()).toBeGreaterThan(stamp);
    expect((await handshake()).checkoutSettings).toMatchObject({
      capacities: [{ day: '2099-02-14', place: 'pickup:Lekki LPL', orders: 25 }],
      orderBy: [{ date: '2099-02-14', closesAt: '2099-02-13 18:00' }],
    });
    data(await call('POST', `${P}/settings/delivery`, manager, { change: 'set-capacity', day: '2099-02-14', place: 'pickup:Lekki LPL', orders: null }));
    const rows = await shop.db.kysely.selectFrom('staff_audit').select(['actor', 'action', 'target', 'before', 'after']).where('action', 'like', 'settings.set-%').orderBy('created_at').execute();
    expect(rows.map((r) => ({ ...r, before: JSON.parse(r.before), after: JSON.parse(r.after) }))).toEqual([
      { actor: 'peak-manager@adireblooms.ng', action: 'settings.set-capacity', target: '2099-02-14 / pickup:Lekki LPL', before: null, after: { day: '2099-02-14', place: 'pickup:Lekki LPL', orders: 25 } },
      { actor: 'peak-manager@adireblooms.ng', action: 'settings.set-order-by', target: '2099-02-14', before: null, after: { date: '2099-02-14', closesAt: '2099-02-13 18:00' } },
      { actor: 'peak-manager@adireblooms.ng', action: 'settings.set-capacity', target: '2099-02-14 / pickup:Lekki LPL', before: { day: '2099-02-14', place: 'pickup:Lekki LPL', orders: 25 }, after: null },
    ]);
  });

  it('bad input is a 400 naming the field, and nothing changes', async () => {
    const before = await handshake();
    const stamp = await settingsStamp();
    for (const [payload, field] of [
      [{ change: 'set-capacity', day: '2099-02-14', place: 'lagos', orders: 'lots' }, 'orders'],
      [{ change: 'set-capacity', day: '2099-02-14', place: 'lagos', orders: false }, 'orders'],
      [{ change: 'set-capacity', day: '2099-02-14', place: 'kano', orders: 3 }, 'place'],
      [{ change: 'set-capacity', day: 'someday', place: 'lagos', orders: 3 }, 'day'],
      [{ change: 'set-order-by', date: '2099-02-14', closesAt: '2099-02-16 10:00' }, 'closesAt'],
      [{ change: 'set-order-by', date: '2099-02-14', closesAt: '2020-02-13 10:00' }, 'closesAt'],
      [{ change: 'clear-order-by', date: '2099-03-01' }, 'date'],
    ] as const) {
      const res = await call('POST', `${P}/settings/delivery`, manager, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect(await handshake()).toEqual(before);
    expect(await settingsStamp()).toBe(stamp);
  });
});
