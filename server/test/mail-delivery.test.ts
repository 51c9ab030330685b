import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bareAddress, createMailer, nextAttemptAt, RETRY_DELAYS_MS } from '../src/mail/mailer';
import { startTestShop, type TestShop } from './helpers';

/** A real SMTP server on loopback that keeps what it accepts, and can be told to refuse for a while. */
async function startSmtp() {
  const received: { to: string[]; data: string }[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (state.refusing) {
        const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let shop: TestShop;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  shop = await startTestShop();
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await shop.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.state.refusing = false;
});

const FROM = 'Adire Blooms <hello@adireblooms.ng>';
const rowOf = (to: string) =>
  shop.db.kysely
    .selectFrom('mail_outbox')
    .select(['raw', 'attempts', 'delivered_at', 'next_attempt_at', 'last_error'])
    .where('to_address', '=', to)
    .executeTakeFirstOrThrow();
const order = (to: string) => ({ to, subject: 'Your order AB-1001', text: `Thank you, ${to}`, html: `<p>Thank you, ${to}</p>` });
const minutesFrom = (iso: string, from: number) => Math.round((Date.parse(iso) - from) / 60_000);

describe('retry plan', () => {
  it('waits 1, 5, 30, 120 and 360 minutes after each failure, then gives up', () => {
    const now = new Date('2026-11-23T10:00:00.000Z');
    const waits = [1, 2, 3, 4, 5].map((n) => minutesFrom(nextAttemptAt(n, now)!, now.getTime()));
    expect(waits).toEqual([1, 5, 30, 120, 360]);
    expect(nextAttemptAt(RETRY_DELAYS_MS.length + 1, now)).toBeNull();
  });

  it('gives the SMTP envelope the bare address of a named mailbox', () => {
    expect(bareAddress('Adire Blooms <hello@adireblooms.ng>')).toBe('hello@adireblooms.ng');
    expect(bareAddress(' ada@example.com ')).toBe('ada@example.com');
  });
});

describe('SMTP delivery', () => {
  it('delivers the message exactly as the outbox keeps it, and records when', async () => {
    const mailer = createMailer({ db: shop.db, from: FROM, smtpUrl: smtp.url });
    await mailer.send(order('delivered@example.com'), { deferred: true });
    await mailer.idle!();
    const row = await rowOf('delivered@example.com');
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['delivered@example.com']);
    expect(smtp.received[0]!.data.trim()).toBe(row.raw.replace(/\n/g, '\r\n').trim());
    expect(row).toMatchObject({ attempts: 1, next_attempt_at: null, last_error: null });
    expect(row.delivered_at).not.toBeNull();
  });

  it('tries a refused confirmation again when it is due, and delivers it once', async () => {
    const failures: { attempts: number; nextAttemptAt: string | null }[] = [];
    const mailer = createMailer({ db: shop.db, from: FROM, smtpUrl: smtp.url, onDeliveryError: (_e, _id, retry) => failures.push(retry!) });
    smtp.state.refusing = true;
    const sentAt = Date.now();
    await mailer.send(order('retried@example.com'), { deferred: true });
    await mailer.idle!();
    let row = await rowOf('retried@example.com');
    expect(row).toMatchObject({ attempts: 1, delivered_at: null });
    expect(row.last_error).toMatch(/Mailbox busy/);
    expect(minutesFrom(row.next_attempt_at!, sentAt)).toBe(1);
    expect(failures).toEqual([{ attempts: 1, nextAttemptAt: row.next_attempt_at }]);

    // Not due yet: nothing is tried.
    expect(await mailer.retryDue!(new Date(sentAt + 30_000))).toEqual({ delivered: 0, failed: 0 });
    smtp.state.refusing = false;
    expect(await mailer.retryDue!(new Date(sentAt + 61_000))).toEqual({ delivered: 1, failed: 0 });
    row = await rowOf('retried@example.com');
    expect(row).toMatchObject({ attempts: 2, next_attempt_at: null, last_error: null });
    expect(row.delivered_at).not.toBeNull();
    expect(smtp.received.map((m) => m.to)).toEqual([['retried@example.com']]);
    // Delivered: never again.
    expect(await mailer.retryDue!(new Date(sentAt + 24 * 3_600_000))).toEqual({ delivered: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('gives up after six attempts and keeps the message and its last error', async () => {
    const failures: (string | null)[] = [];
    const mailer = createMailer({ db: shop.db, from: FROM, smtpUrl: smtp.url, onDeliveryError: (_e, _id, retry) => failures.push(retry!.nextAttemptAt) });
    smtp.state.refusing = true;
    await mailer.send(order('given-up@example.com'), { deferred: true });
    await mailer.idle!();
    // Each retry runs when due; the next one is planned from it: 5, 30, 120, 360 minutes later.
    const gaps: number[] = [];
    for (let i = 0; i < 8; i++) {
      const due = (await rowOf('given-up@example.com')).next_attempt_at;
      if (!due) break;
      await mailer.retryDue!(new Date(Date.parse(due) + 1));
      const next = (await rowOf('given-up@example.com')).next_attempt_at;
      if (next) gaps.push(minutesFrom(next, Date.parse(due)));
    }
    expect(gaps).toEqual([5, 30, 120, 360]);
    const row = await rowOf('given-up@example.com');
    expect(row).toMatchObject({ attempts: RETRY_DELAYS_MS.length + 1, delivered_at: null, next_attempt_at: null });
    expect(row.last_error).toMatch(/Mailbox busy/);
    expect(row.raw).toContain('Subject: Your order AB-1001');
    expect(failures).toHaveLength(6);
    expect(failures.at(-1)).toBeNull();
    expect(smtp.received).toHaveLength(0);
  });

  it('of two servers retrying the same due message at once, one delivers it', async () => {
    const first = createMailer({ db: shop.db, from: FROM, smtpUrl: smtp.url, onDeliveryError: () => {} });
    const second = createMailer({ db: shop.db, from: FROM, smtpUrl: smtp.url });
    smtp.state.refusing = true;
    await first.send(order('two-servers@example.com'), { deferred: true });
    await first.idle!();
    smtp.state.refusing = false;
    const due = new Date(Date.parse((await rowOf('two-servers@example.com')).next_attempt_at!) + 1);
    const results = await Promise.all([first.retryDue!(due), second.retryDue!(due)]);
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(1);
    expect(smtp.received.filter((m) => m.to[0] === 'two-servers@example.com')).toHaveLength(1);
  });

  it('does not retry mail whose sender was told of the failure (a welcome, a code)', async () => {
    const mailer = createMailer({ db: shop.db, from: FROM, smtpUrl: smtp.url });
    smtp.state.refusing = true;
    await expect(mailer.send(order('told@example.com'))).rejects.toThrow(/Mailbox busy/);
    const row = await rowOf('told@example.com');
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, next_attempt_at: null });
    smtp.state.refusing = false;
    expect(await mailer.retryDue!(new Date(Date.now() + 7 * 24 * 3_600_000))).toEqual({ delivered: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });
});

describe('the server', () => {
  it('tries failed deliveries again on its own timer (MAIL_RETRY_EVERY_MS)', async () => {
    const retrying = await startTestShop({ config: { smtpUrl: smtp.url, mailRetryEveryMs: 50 } });
    try {
      // A confirmation that failed a minute ago, as the outbox keeps it.
      await retrying.db.kysely
        .insertInto('mail_outbox')
        .values({
          id: 'failed-a-minute-ago',
          to_address: 'timer@example.com',
          subject: 'Your order',
          text_body: 'kept',
          html_body: '<p>kept</p>',
          raw: 'From: hello@adireblooms.ng\nTo: timer@example.com\nSubject: Your order\n\nkept\n',
          transport: 'smtp',
          created_at: new Date(Date.now() - 120_000).toISOString(),
          attempts: 1,
          next_attempt_at: new Date(Date.now() - 1_000).toISOString(),
          last_error: 'Mailbox busy',
        })
        .execute();
      await retrying.app.ready();
      await expect.poll(() => smtp.received.length, { timeout: 5_000 }).toBe(1);
      const row = await retrying.db.kysely.selectFrom('mail_outbox').select(['delivered_at', 'attempts']).where('id', '=', 'failed-a-minute-ago').executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
      expect(row.delivered_at).not.toBeNull();
    } finally {
      await retrying.close();
    }
  });
});
