import type { Recipient } from '@adire/contracts';
import { ACCOUNT_API } from '@adire/contracts/account';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import { PRIVATE_CACHE_CONTROL } from '../../../http/response-cache';
import type { Mailer } from '../../../mail/mailer';
import { createAttemptLog, withRetryAfter, type AttemptLog, DEFAULT_AUTH_CONFIG, type AuthConfig } from '../../../auth';
import { requireUser, jsonArray, type RequestSession } from '../session';
import { touchSession } from '../store';
import { deleteAccount, eraseDueData, exportAccount, type AccountDataPart } from './data';
import { deleteRecipient, editRecipient, readRecipient, withIds } from './recipient-book';
import { requireVerifiedEmail } from '../email-confirmation';
import { addReminder, deleteReminder, listReminders, REMINDER_CHECK_EVERY_MS, sendDueReminders, stopReminder } from './reminders';
import { listSessions, signOutOthers, signOutSession } from './sessions';

export interface MyAccountOptions {
  db: Db;
  auth?: AuthConfig;
  /** What other domains hold on a shopper (orders, newsletter): exported and erased with the account. */
  parts?: readonly AccountDataPart[];
  /** The shop's clock (tests move it). */
  now?: () => Date;
  /** Occasion reminders' mail: the mailer, the links' base, how often to look (0: never, tests call sendDueReminders). */
  reminders?: { mailer: Mailer; publicUrl: string; everyMs?: number };
}

const business = { type: 'string', maxLength: 100 } as const;
const businessQuery = { type: 'object', properties: { business } } as const;
const businessBody = { type: 'object', properties: { business } } as const;
const idParams = { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } }, required: ['id'] } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
/** A call on one of the shopper's things by its id (`?business=`). */
const byId = { schema: { params: idParams, querystring: businessQuery } } as const;
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

/** What every handler of the account pages works with. */
interface Ctx {
  db: Db;
  now: () => Date;
  /** The shopper behind the call (a 401 without a live session); their session is marked used from this device. */
  shopper(request: FastifyRequest): Promise<RequestSession>;
}

function recipientRoutes(app: FastifyInstance, { db, now, shopper }: Ctx): void {
  const recipientBody = { type: 'object', properties: { business, recipient: { type: 'object', maxProperties: 20 } } } as const;
  app.get(ACCOUNT_API.recipients, { schema: { querystring: businessQuery } }, async (request) => {
    const { user } = await shopper(request);
    return { data: withIds(jsonArray<Recipient>(user.recipients)) };
  });
  app.put('/v1/storefront/account/recipients/:id', { schema: { params: idParams, body: recipientBody } }, async (request) => {
    const { user } = await shopper(request);
    const recipient = readRecipient(request.body);
    return { data: await editRecipient(db, user.id, idOf(request), recipient, now()) };
  });
  app.delete('/v1/storefront/account/recipients/:id', byId, async (request) => {
    const { user } = await shopper(request);
    return { data: await deleteRecipient(db, user.id, idOf(request), now()) };
  });
}

function sessionRoutes(app: FastifyInstance, { db, now, shopper }: Ctx): void {
  app.get(ACCOUNT_API.sessions, { schema: { querystring: businessQuery } }, async (request) => {
    const session = await shopper(request);
    return { data: await listSessions(db, session, now()) };
  });
  app.delete('/v1/storefront/account/sessions/:id', byId, async (request) => {
    const session = await shopper(request);
    await signOutSession(db, session, idOf(request), now());
    return { data: await listSessions(db, session, now()) };
  });
  app.post(ACCOUNT_API.signOutOthers, { schema: { body: businessBody } }, async (request) => {
    const session = await shopper(request);
    const ended = await signOutOthers(db, session, now());
    return { data: { ended, sessions: await listSessions(db, session, now()) } };
  });
}

function reminderRoutes(app: FastifyInstance, { db, now, shopper }: Ctx): void {
  const reminderBody = { type: 'object', properties: { business, name: text(400), date: text(40), daysBefore: {}, orderId: {} } } as const;
  app.get(ACCOUNT_API.reminders, { schema: { querystring: businessQuery } }, async (request) => {
    const { user } = await shopper(request);
    return { data: await listReminders(db, user.id) };
  });
  app.post(ACCOUNT_API.reminders, { schema: { body: reminderBody } }, async (request, reply) => {
    const { user } = await shopper(request);
    requireVerifiedEmail(user); // a reminder is mail in the shopper's words: a proven address only (issue 38, item 5)
    return reply.status(201).send({ data: await addReminder(db, user.id, request.body, now()) });
  });
  app.delete('/v1/storefront/account/reminders/:id', byId, async (request) => {
    const { user } = await shopper(request);
    return { data: await deleteReminder(db, user.id, idOf(request)) };
  });
  // The stop link of a reminder's mail: no login, the token is the proof.
  app.post(ACCOUNT_API.reminderStop, { schema: { body: { type: 'object', properties: { business, token: text(400) } } } }, async (request) => ({
    data: { stopped: true, ...(await stopReminder(db, (request.body as { token?: unknown }).token, now())) },
  }));
}

/** Each instance looks for reminders due every hour (and once at start); the claim makes each mail once. */
function reminderScheduler(app: FastifyInstance, db: Db, now: () => Date, reminders: MyAccountOptions['reminders']): void {
  const every = reminders?.everyMs ?? REMINDER_CHECK_EVERY_MS;
  if (!reminders || every <= 0) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = () =>
    void sendDueReminders(db, reminders.mailer, { now: now(), publicUrl: reminders.publicUrl }).catch((err: unknown) => app.log.error({ err }, 'occasion reminders failed'));
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, every);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * Each instance looks every hour (and once at start), as for reminders, for data a deletion kept that
 * may now go (a paid order kept for its delivery, once delivered or refunded: issue 38, item 4).
 */
function erasureScheduler(app: FastifyInstance, db: Db, now: () => Date, parts: readonly AccountDataPart[], every: number): void {
  if (every <= 0 || !parts.some((p) => p.eraseDue)) return;
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = () => void eraseDueData(db, parts, now()).catch((err: unknown) => app.log.error({ err }, 'erasing data kept past a deletion failed'));
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, every);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

function myDataRoutes(app: FastifyInstance, { db, now, shopper }: Ctx, del: { parts: readonly AccountDataPart[]; attempts: AttemptLog; auth: AuthConfig }): void {
  const deletionBody = { type: 'object', properties: { business, password: text(1024), confirmation: text(40) } } as const;
  app.get(ACCOUNT_API.export, { schema: { querystring: businessQuery } }, async (request, reply) => {
    const session = await shopper(request);
    const at = now();
    const data = await exportAccount(db, session, del.parts, at);
    reply.header('content-disposition', `attachment; filename="adire-blooms-my-data-${at.toISOString().slice(0, 10)}.json"`);
    return { data };
  });
  app.delete(ACCOUNT_API.account, { schema: { body: deletionBody } }, async (request, reply) => {
    const session = await requireUser(db, request);
    await withRetryAfter(reply, () => deleteAccount(db, session, request.body, { ...del, ip: request.ip, now: now() }));
    return { data: { deleted: true } };
  });
}

/**
 * The shopper's own account (issue 33): saved recipients, sessions, occasion reminders, "download my
 * data" and "delete my account". Every call needs the shopper's session (the reminder's stop link
 * aside), and every answer (errors too) is `private, no-store`. The order list is the orders domain's
 * route behind the same session guard.
 */
export const myAccountRoutes: FastifyPluginAsync<MyAccountOptions> = async (app, options) => {
  const { db } = options;
  const auth = options.auth ?? DEFAULT_AUTH_CONFIG;
  const now = options.now ?? (() => new Date());
  const attempts = createAttemptLog(db, Math.max(auth.limits.loginPerAddress.windowMs, auth.limits.loginPerIp.windowMs));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
  });
  const shopper = async (request: FastifyRequest) => {
    const session = await requireUser(db, request);
    await touchSession(db, session.tokenHash, request.headers['user-agent'], now());
    return session;
  };
  const ctx: Ctx = { db, now, shopper };
  recipientRoutes(app, ctx);
  sessionRoutes(app, ctx);
  reminderRoutes(app, ctx);
  reminderScheduler(app, db, now, options.reminders);
  erasureScheduler(app, db, now, options.parts ?? [], options.reminders?.everyMs ?? REMINDER_CHECK_EVERY_MS);
  myDataRoutes(app, ctx, { parts: options.parts ?? [], attempts, auth });
};
