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
}

export interface MailerOptions {
  db: Db;
  from: string;
  /** smtp(s)://user:pass@host:port — when absent, mail stays in the embedded outbox (read it at /dev/mail). */
  smtpUrl?: string;
  /** Where a deferred delivery's failure is reported. */
  onDeliveryError?: (err: unknown, mailId: string) => void;
}

export function createMailer({ db, from, smtpUrl, onDeliveryError }: MailerOptions): Mailer {
  // The stream transport renders the full RFC 822 message without sending it anywhere.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  // Deferred mail is built one message at a time, in the order sent, so a burst of checkouts never
  // has more than one message being built beside the requests.
  let queue: Promise<void> = Promise.resolve();
  let queued = 0;

  type Mail = { from: string; to: string; subject: string; text: string; html: string };

  async function deliver(id: string, mail: Mail): Promise<void> {
    const rendered = await renderer.sendMail(mail);
    const raw = Buffer.isBuffer(rendered.message) ? rendered.message.toString('utf8') : String(rendered.message);
    // Whoever writes the built text first delivers it: two servers resuming the same outbox send once.
    const claimed = await db.kysely.updateTable('mail_outbox').set({ raw }).where('id', '=', id).where('raw', '=', '').executeTakeFirst();
    if (smtp && Number(claimed.numUpdatedRows) === 1) await smtp.sendMail(mail);
  }

  function enqueue(id: string, mail: Mail): void {
    queued++;
    queue = queue
      .then(() => deliver(id, mail))
      .catch((err: unknown) => onDeliveryError?.(err, id))
      .finally(() => void queued--);
  }

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
      if (!options.deferred) return deliver(id, mail);
      enqueue(id, mail);
    },
    async idle(): Promise<void> {
      while (queued) await queue;
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
