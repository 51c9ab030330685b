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
  /** Build the message with nodemailer, keep it in the outbox, and deliver it by SMTP when configured. */
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  db: Db;
  from: string;
  /** smtp(s)://user:pass@host:port — when absent, mail stays in the embedded outbox (read it at /dev/mail). */
  smtpUrl?: string;
}

export function createMailer({ db, from, smtpUrl }: MailerOptions): Mailer {
  // The stream transport renders the full RFC 822 message without sending it anywhere.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(message) {
      const mail = { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
      const rendered = await renderer.sendMail(mail);
      if (smtp) await smtp.sendMail(mail);
      await db.kysely
        .insertInto('mail_outbox')
        .values({
          id: randomUUID(),
          to_address: message.to.toLowerCase(),
          subject: message.subject,
          text_body: message.text,
          html_body: message.html,
          raw: Buffer.isBuffer(rendered.message) ? rendered.message.toString('utf8') : String(rendered.message),
          transport: smtp ? 'smtp' : 'outbox',
          created_at: new Date().toISOString(),
        })
        .execute();
    },
  };
}
