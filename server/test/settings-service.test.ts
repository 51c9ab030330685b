import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { seedIfEmpty } from '../src/seed';
import { executeSettingsCommand, parseSettingsCommand, SettingsError } from '../src/domains/site';
import { setPaymentAlert, setRate, setSiteWideAlert, showSettings } from '../src/domains/site/testing';
import { startTestShop, type TestShop } from './helpers';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const handshake = async () => (await shop.app.inject('/v1/storefront/handshake?business=adire-blooms')).json().data;
const rateOf = async (name: string) => (await handshake()).currencies.find((c: { name: string }) => c.name === name)?.conversionRate;

/** Runs like the CLI does: parse the words, then execute against the database. */
const run = (...argv: string[]) => executeSettingsCommand(shop.db.kysely, parseSettingsCommand(argv));

describe('set-rate', () => {
  it('changes a rate, shown by the next handshake', async () => {
    expect(await rateOf('USD')).toBe(700);
    const message = await run('set-rate', 'USD', '1550');
    expect(message).toBe('USD rate set to 1550 (was 700): 1 USD = 1,550 NGN.');
    expect(await rateOf('USD')).toBe(1550);
    await run('set-rate', 'gbp', '1920.5');
    expect(await rateOf('GBP')).toBe(1920.5);
    expect((await handshake()).currencies.map((c: { name: string }) => c.name)).toEqual(['NGN', 'USD', 'GBP']);
  });

  it('refuses to change NGN, which stays 1', async () => {
    for (const rate of ['2', '1']) {
      expect(() => parseSettingsCommand(['set-rate', 'NGN', rate])).toThrow(/NGN is the base currency: its rate is always 1/);
    }
    await expect(setRate(shop.db.kysely, 'ngn', 5)).rejects.toThrow(SettingsError);
    expect(await rateOf('NGN')).toBe(1);
  });

  it('refuses an unknown currency, naming the known ones', async () => {
    expect(() => parseSettingsCommand(['set-rate', 'EUR', '1700'])).toThrow("Unknown currency 'EUR'. Currencies: NGN, USD, GBP.");
    await expect(setRate(shop.db.kysely, 'XYZ', 3)).rejects.toThrow(/Unknown currency 'XYZ'/);
    const names = (await shop.db.kysely.selectFrom('currency').select('name').execute()).map((r) => r.name).sort();
    expect(names).toEqual(['GBP', 'NGN', 'USD']);
  });

  it.each(['0', '-5', 'abc', '1,550', '0x10', '1e3', 'Infinity', 'NaN', '', ' ', '9'.repeat(400)])('refuses the rate %j', async (rate) => {
    const before = await rateOf('USD');
    expect(() => parseSettingsCommand(['set-rate', 'USD', rate])).toThrow(/The rate must be a positive number/);
    await expect(setRate(shop.db.kysely, 'USD', rate)).rejects.toThrow(SettingsError);
    expect(await rateOf('USD')).toBe(before);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('refuses the numeric rate %s', async (rate) => {
    await expect(setRate(shop.db.kysely, 'GBP', rate)).rejects.toThrow(/The rate must be a positive number/);
  });

  it('needs exactly a currency and a rate', () => {
    expect(() => parseSettingsCommand(['set-rate', 'USD'])).toThrow(/'set-rate' takes 2 arguments/);
    expect(() => parseSettingsCommand(['set-rate', 'USD', '1', '2'])).toThrow(/'set-rate' takes 2 arguments/);
  });
});

describe('alerts', () => {
  it('set-alert shows in the handshake, and an empty text clears it', async () => {
    const text = "Valentine's orders close on 13 Feb at 6pm. Free delivery above {{150000}}.";
    expect(await run('set-alert', text)).toBe(`Site-wide alert set: "${text}"`);
    expect((await handshake()).settings.alertSettings.siteWideAlert).toBe(text);
    expect(await run('set-alert', '')).toBe('Site-wide alert cleared: no banner is shown.');
    expect((await handshake()).settings.alertSettings.siteWideAlert).toBe('');
  });

  it('folds line breaks and refuses an overlong alert', async () => {
    await setSiteWideAlert(shop.db.kysely, '  Rain in Lagos:\n deliveries may run late.  ');
    expect((await handshake()).settings.alertSettings.siteWideAlert).toBe('Rain in Lagos: deliveries may run late.');
    expect(() => parseSettingsCommand(['set-alert', 'x'.repeat(1001)])).toThrow(/keep it to 1000 or fewer/);
    expect(() => parseSettingsCommand(['set-alert'])).toThrow(/'set-alert' takes one argument/);
    expect(() => parseSettingsCommand(['set-alert', 'two', 'words'])).toThrow(/put text with spaces in quotes/);
  });

  it('set-payment-alert adds and removes one method without touching the site-wide alert', async () => {
    await run('set-alert', 'Open on public holidays.');
    await run('set-payment-alert', 'gtbTransfer', 'Use your order number as the transfer reference.');
    await setPaymentAlert(shop.db.kysely, 'bitcoinTransfer', 'One confirmation is enough.');
    let alerts = (await handshake()).settings.alertSettings;
    expect(alerts).toEqual({
      siteWideAlert: 'Open on public holidays.',
      paymentAlerts: { gtbTransfer: 'Use your order number as the transfer reference.', bitcoinTransfer: 'One confirmation is enough.' },
    });
    await run('set-payment-alert', 'gtbTransfer', '');
    alerts = (await handshake()).settings.alertSettings;
    expect(alerts.paymentAlerts).toEqual({ bitcoinTransfer: 'One confirmation is enough.' });
    expect(() => parseSettingsCommand(['set-payment-alert', 'gtb transfer!', 'x'])).toThrow(/not a payment method name/);
  });
});

describe('show and help', () => {
  it('show summarises currencies, alerts and delivery', async () => {
    await run('set-rate', 'USD', '1600');
    await run('set-alert', 'Same-day delivery before 9pm.');
    const out = await showSettings(shop.db.kysely);
    expect(out).toMatch(/^ {2}NGN 1$/m);
    expect(out).toMatch(/^ {2}USD 1,600$/m);
    expect(out).toContain('"Same-day delivery before 9pm."');
    expect(out).toContain('bitcoinTransfer: "One confirmation is enough."');
    expect(out).toContain('Delivery (base): Standard delivery, active, free above ₦50,000');
    expect(out).toContain('  lagos: Lagos Island ₦3,000, Lekki / Ajah ₦4,500, Mainland ₦5,000');
    expect(out).toContain('Delivery overrides (4):');
    expect(out).toMatch(/Valentine's Day: \d{4}-02-13 to \d{4}-02-15, active, free above ₦150,000, zones ₦6,000–₦15,000/);
  });

  it('help and unknown commands', async () => {
    expect(await run('help')).toContain('set-rate <currency> <rate>');
    expect(() => parseSettingsCommand([])).toThrow(/Usage: pnpm settings/);
    expect(() => parseSettingsCommand(['set-colour', 'red'])).toThrow(/Unknown command 'set-colour'/);
    expect(() => parseSettingsCommand(['show', 'extra'])).toThrow(SettingsError);
  });
});

describe('the settings command', () => {
  const serverDir = fileURLToPath(new URL('..', import.meta.url));
  const cli = path.join(serverDir, 'src/cli/settings.ts');
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adire-settings-cli-'));
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

  it('changes the database the server reads, and exits 1 with a clear message on bad input', async () => {
    const ok = await exec('set-rate', 'USD', '1480');
    expect(ok).toMatchObject({ code: 0, stdout: 'USD rate set to 1480 (was 700): 1 USD = 1,480 NGN.\n' });
    const show = await exec('show');
    expect(show.code).toBe(0);
    expect(show.stdout).toMatch(/^ {2}USD 1,480$/m);

    const ngn = await exec('set-rate', 'NGN', '2');
    expect(ngn.code).toBe(1);
    expect(ngn.stderr).toContain('NGN is the base currency');
    const none = await exec();
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Usage: pnpm settings');

    const db = openDatabase({ sqliteFile: env.SQLITE_FILE as string });
    try {
      const rates = await db.kysely.selectFrom('currency').selectAll().orderBy('name').execute();
      expect(rates).toEqual([
        { name: 'GBP', conversion_rate: 890 },
        { name: 'NGN', conversion_rate: 1 },
        { name: 'USD', conversion_rate: 1480 },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000); // four runs of the operator command, each through tsx: seconds apiece on a busy 2-core machine
});
