import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Keep the message in the outbox, then build it with nodemailer (the full RFC 822 text) and deliver
   * it by SMTP when configured. Resolves once it is built and delivered — or, with `deferred`, as soon
   * as the outbox holds it: building and delivery then happen after the caller's answer (building a
   * message costs more than the rest of a checkout, and an SMTP server may be slow), and a failure
   * goes to `onDeliveryError`. For mail whose failure the caller does not act on.
   */
  send(message: MailMessage, options?: { deferred?: boolean }): Promise<void>;
  /** Resolves when every deferred message sent so far is built and delivered (or its failure reported). */
  idle?(): Promise<void>;
  /**
   * Queue the mail a stopped process kept in the outbox but never built (the server was killed between
   * a checkout's answer and its confirmation being built); resolves with how many. The server calls it
   * when it starts.
   */
  resumeDeferred?(): Promise<number>;
  /**
   * Try again every deferred message whose SMTP delivery failed and whose next attempt is due
   * (see RETRY_DELAYS_MS); of two servers, the one that claims a message tries it. The server calls
   * it on a timer.
   */
  retryDue?(now?: Date): Promise<{ delivered: number; failed: number }>;
}

/**
 * After a deferred message's SMTP delivery fails, the next attempt waits this long (the first entry
 * after the first failure, …); after the last one it is given up (kept in the outbox, with its error).
 */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
/** A claimed retry that a killed server never finished is due again after this long. */
const RETRY_LEASE_MS = 10 * 60_000;

/** When to try again after `attempts` failed attempts; null once every retry is spent. */
export function nextAttemptAt(attempts: number, now: Date): string | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay).toISOString();
}

/** The address in 'Adire Blooms <hello@adireblooms.ng>' (the SMTP envelope wants the bare address). */
export function bareAddress(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

export interface MailerOptions {
  db: Db;
  from: string;
  /** smtp(s)://user:pass@host:port — when absent, mail stays in the embedded outbox (read it at /dev/mail). */
  smtpUrl?: string;
  /** Where a deferred delivery's failure is reported, with when it is tried again (null: given up). */
  onDeliveryError?: (err: unknown, mailId: string, retry?: { attempts: number; nextAttemptAt: string | null }) => void;
}

type Mail = { from: string; to: string; subject: string; text: string; html: string };
type Transport = ReturnType<typeof nodemailer.createTransport>;
/** What delivering needs: the outbox, the sender and the SMTP transport (null: mail stays in the outbox). */
interface Delivery {
  db: Db;
  from: string;
  smtp: Transport | null;
}

/** A failed SMTP attempt: the error as the outbox keeps it. */
class DeliveryError extends Error {
  constructor(
    readonly smtpError: unknown,
    readonly attempts: number,
    readonly nextAttemptAt: string | null,
  ) {
    super(smtpError instanceof Error ? smtpError.message : String(smtpError));
  }
}

/**
 * One SMTP attempt of the message exactly as built (`raw`), recorded in the outbox. A failure of
 * mail that may be retried (deferred) gets its next attempt planned.
 */
async function attempt({ db, from, smtp }: Delivery, id: string, to: string, raw: string, attemptsBefore: number, retry: boolean, at = new Date()): Promise<void> {
  const attempts = attemptsBefore + 1;
  try {
    await smtp!.sendMail({ envelope: { from: bareAddress(from), to: [bareAddress(to)] }, raw });
  } catch (err) {
    const nextAttempt = retry ? nextAttemptAt(attempts, at) : null;
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await db.kysely.updateTable('mail_outbox').set({ attempts, next_attempt_at: nextAttempt, last_error: lastError }).where('id', '=', id).execute();
    throw new DeliveryError(err, attempts, nextAttempt);
  }
  await db.kysely
    .updateTable('mail_outbox')
    .set({ attempts, delivered_at: new Date().toISOString(), next_attempt_at: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Every deferred message whose next attempt is due, each claimed (another server's scan skips it) and tried once. */
async function retryDueMail(delivery: Delivery, now: Date, report: (err: unknown, id: string) => void): Promise<{ delivered: number; failed: number }> {
  const { db, smtp } = delivery;
  const counts = { delivered: 0, failed: 0 };
  if (!smtp) return counts;
  const due = await db.kysely
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'raw', 'attempts', 'next_attempt_at'])
    .where('transport', '=', 'smtp')
    .where('delivered_at', 'is', null)
    .where('raw', '!=', '')
    .where('next_attempt_at', '<=', now.toISOString())
    .orderBy('next_attempt_at')
    .limit(50)
    .execute();
  for (const row of due) {
    // Claimed by moving its next attempt past a lease: another server's scan skips it.
    const lease = new Date(now.getTime() + RETRY_LEASE_MS).toISOString();
    const claimed = await db.kysely
      .updateTable('mail_outbox')
      .set({ next_attempt_at: lease })
      .where('id', '=', row.id)
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) continue;
    try {
      await attempt(delivery, row.id, row.to_address, row.raw, row.attempts, true, now);
      counts.delivered++;
    } catch (err) {
      counts.failed++;
      report(err, row.id);
    }
  }
  return counts;
}

export function createMailer({ db, from, smtpUrl, onDeliveryError }: MailerOptions): Mailer {
  // The stream transport renders the full RFC 822 message without sending it anywhere.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  const delivery: Delivery = { db, from, smtp };
  // Deferred mail is built one message at a time, in the order sent, so a burst of checkouts never
  // has more than one message being built beside the requests.
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;

  async function deliver(id: string, mail: Mail, retry: boolean): Promise<void> {
    const rendered = await renderer.sendMail(mail);
    const raw = Buffer.isBuffer(rendered.message) ? rendered.message.toString('utf8') : String(rendered.message);
    // Whoever writes the built text first delivers it: two servers resuming the same outbox send once.
    const claimed = await db.kysely.updateTable('mail_outbox').set({ raw }).where('id', '=', id).where('raw', '=', '').executeTakeFirst();
    if (!smtp || Number(claimed.numUpdatedRows) !== 1) return;
    try {
      await attempt(delivery, id, mail.to, raw, 0, retry);
    } catch (err) {
      // The caller who waits for the delivery gets the SMTP server's own error.
      throw err instanceof DeliveryError && !retry ? err.smtpError : err;
    }
  }

  function report(err: unknown, id: string): void {
    if (err instanceof DeliveryError) onDeliveryError?.(err.smtpError, id, { attempts: err.attempts, nextAttemptAt: err.nextAttemptAt });
    else onDeliveryError?.(err, id);
  }

  function enqueue(id: string, mail: Mail): void {
    queued++;
    queue = queue
      .then(() => deliver(id, mail, true))
      .catch((err: unknown) => report(err, id))
      .finally(() => void queued--);
  }

  let retrying: Promise<unknown> = Promise.resolve();

  return {
    async send(message, options = {}) {
      const id = randomUUID();
      const mail = { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
      await db.kysely
        .insertInto('mail_outbox')
        .values({
          id,
          to_address: message.to.toLowerCase(),
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          raw: '', // written once built
          transport: smtp ? 'smtp' : 'outbox',
          created_at: new Date().toISOString(),
        })
        .execute();
      if (!options.deferred) return deliver(id, mail, false);
      enqueue(id, mail);
    },
    async idle(): Promise<void> {
      while (queued) await queue;
      await retrying;
    },
    retryDue(now = new Date()) {
      const run = retryDueMail(delivery, now, report);
      retrying = retrying.then(() => run).catch(() => undefined);
      return run;
    },
    async resumeDeferred() {
      const rows = await db.kysely
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'text_body', 'html_body'])
        .where('raw', '=', '')
        .orderBy('created_at')
        .execute();
      for (const r of rows) enqueue(r.id, { from, to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body });
      return rows.length;
    },
  };
}

/**
 * A deleted account's mail (issue 38, P11): every message to the address that is built and waits for
 * nothing (delivered, kept in the embedded outbox, or given up) loses its address, subject and bodies,
 * inside the deletion's transaction. A message still to be built or tried again is left to go: it is
 * the shop's answer to something already done (an order's receipt, a delivery kept past the deletion).
 */
export async function eraseMailTo(trx: import('kysely').Kysely<import('../db/schema').Database>, address: string): Promise<number> {
  const done = await trx
    .updateTable('mail_outbox')
    .set({ to_address: '(erased)', subject: '(erased with the account)', text_body: '', html_body: '', raw: '(erased)', last_error: null }) // raw not '': never built again
    .where('to_address', '=', address)
    .where('raw', '<>', '')
    .where('next_attempt_at', 'is', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows ?? 0n);
}
