import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { orderPhotoUrl, SUBSTITUTION_PAGE_PATH, type CurrencyName, type Substitution, type SubstitutionDecision, type SubstitutionStatus } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { OrderSubstitutionTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { findOrder, findOrderByNumber, orderItems, photosOfOrder, priceSubstitute, proofMail, type OrderRow } from '../orders';
import { recordAction, type Actor } from '../staff';
import { refundOrder, type RefundOrderInput, type RefundOutcome } from './refunds';

/**
 * Substitutions the sender approves (issue 40, item 4). A florist proposes a substitute for one of an
 * order's lines — of equal or greater value (the shop's rule; a cheaper one is refused: refund the
 * difference instead), a catalogue product priced by the one pricing and/or one of the order's photos.
 * The sender is mailed a one-time link (a random token, only its sha256 kept) to "Accept" or "Refund
 * the item instead"; after the deadline (SUBSTITUTION_HOURS, default 3) or once the order is out for
 * delivery, the shop's proposal stands. Every step is audited. This module is the table's one writer.
 */

export type SubstitutionRow = Selectable<OrderSubstitutionTable>;

/** A substitution's default deadline: 3 hours. */
export const DEFAULT_SUBSTITUTION_MS = 3 * 3_600_000;

export const SUBSTITUTION_SUBJECT = 'A substitute for your order';

export const SUBSTITUTION_MESSAGES = {
  cheaper: (item: string, sub: string) =>
    `${sub} is worth less than ${item}: the shop substitutes only with equal or greater value. Refund the difference instead (a manager's refund on this order).`,
  unknownItem: (sku: string, n: string) => `Order ${n} has no item with SKU ${sku.slice(0, 64)}.`,
  unknownSubstitute: (sku: string) => `We do not sell an item with SKU ${sku.slice(0, 64)}.`,
  unknownPhoto: (n: string) => `That photo is not one of order ${n}'s: add it on the order's page first.`,
  nothing: 'Name a substitute from the catalogue or add a photo of it.',
  dispatched: (n: string) => `Order ${n} is already out for delivery: it is too late to propose a substitute.`,
  noSender: (n: string) => `Order ${n} has no sender's e-mail to ask.`,
  pending: (n: string) => `Order ${n} already has a substitute waiting for the sender's answer.`,
  unknownLink: 'This link is not valid: it may have been mistyped.',
  decided: 'This proposal has already been answered.',
  lapsed: "The time to answer has passed: the shop's proposal stands.",
  managerMustRefund: (why: string) => `The refund could not be made (${why}): a manager must refund the item.`,
} as const;

/** A shipped order's proposal stands at once (never past the order's dispatch). */
const DISPATCHED = new Set(['despatched', 'delivered']);
export const orderDispatched = (order: Pick<OrderRow, 'delivery_status'>) => DISPATCHED.has(order.delivery_status);

/** Where a proposal is at `now`: a 'proposed' one past its deadline, or whose order left the shop, stands. */
export function effectiveStatus(row: Pick<SubstitutionRow, 'status' | 'deadline_at'>, now: Date, dispatched: boolean): SubstitutionStatus {
  if (row.status === 'proposed' && (now.getTime() >= Date.parse(row.deadline_at) || dispatched)) return 'stands';
  return row.status as SubstitutionStatus;
}

/** A substitute may not be worth less than the item (to the cent). */
export const cheaperThan = (substitute: number, item: number) => Math.round(substitute * 100) < Math.round(item * 100);

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
export const substitutionLink = (publicUrl: string, token: string) => `${publicUrl}${SUBSTITUTION_PAGE_PATH}/${token}`;

export function toSubstitution(row: SubstitutionRow, status: SubstitutionStatus = row.status as SubstitutionStatus): Substitution {
  return {
    id: row.id,
    status,
    item: { sku: row.item_sku, name: row.item_name, amount: row.item_amount },
    substitute: row.substitute_sku ? { sku: row.substitute_sku, name: row.substitute_name ?? row.substitute_sku, amount: row.substitute_amount ?? 0 } : null,
    currency: row.currency,
    note: row.note,
    photoUrl: row.photo_id ? orderPhotoUrl(row.photo_id) : null,
    deadline: row.deadline_at,
    proposedAt: row.proposed_at,
    decidedAt: row.decided_at,
    refundProblem: row.refund_problem,
  };
}

export interface SubstitutionContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  deadlineMs: number;
  refund: (input: RefundOrderInput) => Promise<RefundOutcome>;
}

export interface ProposalInput {
  item: string;
  substitute?: string;
  photo?: string;
  note?: string;
}

const bad = (field: string, message: string, status = 400, code = 'INVALID_SUBSTITUTION'): never => {
  throw new AppError(status, code, message, { [field]: message });
};

/** The order's line with that SKU: its name, quantity and what was paid for it (order's currency, design included). */
function orderLine(order: OrderRow, sku: string) {
  const cart = orderItems(order).find((i) => i.SKU === sku);
  const products = JSON.parse(order.order_products || '[]') as Array<{ SKU: string; price: number; quantity: number }>;
  const product = products.find((p) => p.SKU === sku);
  if (!cart || !product) return null;
  return { name: cart.size ? `${cart.name} (${cart.size})` : cart.name, quantity: cart.quantity, paid: Math.round(product.price * product.quantity * 100) / 100, productOnly: cart.price };
}

/** The florist's proposal: checked (400 beside the field, nothing written), stored, audited, mailed. */
export async function proposeSubstitution(ctx: SubstitutionContext, actor: Actor, orderNumber: string, input: ProposalInput): Promise<SubstitutionRow> {
  const order = await findOrderByNumber(ctx.db, orderNumber);
  if (!order?.order_number) throw new AppError(404, 'NOT_FOUND', `No order has the number ${orderNumber.slice(0, 40)}.`);
  const number = order.order_number;
  if (orderDispatched(order)) bad('item', SUBSTITUTION_MESSAGES.dispatched(number), 409, 'ORDER_DISPATCHED');
  if (!order.client_email) bad('item', SUBSTITUTION_MESSAGES.noSender(number), 409, 'NO_SENDER');
  const sku = input.item.trim();
  const line = orderLine(order, sku);
  if (!line) bad('item', SUBSTITUTION_MESSAGES.unknownItem(sku, number));
  const { name: itemName, quantity, paid } = line!;
  const subSku = input.substitute?.trim() || '';
  const photo = input.photo?.trim() || '';
  if (!subSku && !photo) bad('substitute', SUBSTITUTION_MESSAGES.nothing);
  let substitute: { sku: string; name: string; amount: number } | null = null;
  if (subSku) {
    substitute = await priceSubstitute(ctx.db, subSku, quantity, order.conversion_rate);
    if (!substitute) bad('substitute', SUBSTITUTION_MESSAGES.unknownSubstitute(subSku));
    // Compared product for product (what the item's product costs now, by the same pricing, without its design).
    const itemNow = (await priceSubstitute(ctx.db, sku, quantity, order.conversion_rate))?.amount ?? paid;
    if (cheaperThan(substitute!.amount, itemNow)) bad('substitute', SUBSTITUTION_MESSAGES.cheaper(itemName, substitute!.name));
  }
  if (photo && !(await photosOfOrder(ctx.db, order.id)).some((p) => p.id === photo)) bad('photo', SUBSTITUTION_MESSAGES.unknownPhoto(number));
  const pending = await ctx.db.kysely.selectFrom('order_substitution').select(['status', 'deadline_at']).where('order_id', '=', order.id).where('status', '=', 'proposed').execute();
  if (pending.some((p) => effectiveStatus(p, ctx.now(), false) === 'proposed')) bad('item', SUBSTITUTION_MESSAGES.pending(number), 409, 'SUBSTITUTION_PENDING');

  const token = randomBytes(32).toString('base64url');
  const at = ctx.now();
  const row: SubstitutionRow = {
    id: randomUUID(),
    order_id: order.id,
    item_sku: sku,
    item_name: itemName,
    item_amount: paid,
    substitute_sku: substitute?.sku ?? null,
    substitute_name: substitute?.name ?? null,
    substitute_amount: substitute?.amount ?? null,
    currency: order.currency,
    note: input.note?.trim() || null,
    photo_id: photo || null,
    token_hash: hashToken(token),
    status: 'proposed',
    deadline_at: new Date(at.getTime() + ctx.deadlineMs).toISOString(),
    proposed_by: actor.email,
    proposed_at: at.toISOString(),
    decided_at: null,
    refund_problem: null,
  };
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('order_substitution').values(row).execute();
    await recordAction(trx, actor, 'order.substitution.proposed', number, { after: { substitution: row.id, item: sku, substitute: row.substitute_sku, amount: row.substitute_amount, photo: row.photo_id, note: row.note } }, row.proposed_at);
  });
  await ctx.mailer.send(proposalMail(ctx.publicUrl, order, row, token), { deferred: true });
  return row;
}

/** The sender's mail: what is short, the substitute, the link's two choices, and that the proposal stands after the deadline. */
function proposalMail(publicUrl: string, order: OrderRow, row: SubstitutionRow, token: string) {
  const money = (n: number) => formatAmount(n, row.currency as CurrencyName);
  const deadline = new Date(row.deadline_at).toUTCString().replace(' GMT', ' UTC');
  const paragraphs = [
    `We are short of ${row.item_name} for order ${order.order_number}.`,
    row.substitute_name
      ? `Our florist proposes ${row.substitute_name} instead (worth ${money(row.substitute_amount ?? 0)}, for ${money(row.item_amount)} paid), at no extra cost.`
      : 'Our florist proposes the substitute in the photo below, of equal or greater value, at no extra cost.',
    ...(row.note ? [`Their note: ${row.note}`] : []),
    `Accept it, or have the item refunded instead (${money(row.item_amount)}), with one click here: ${substitutionLink(publicUrl, token)}`,
    `If we have not heard from you by ${deadline}, or once your order is out for delivery, the shop's proposal stands.`,
  ];
  return proofMail({
    to: order.client_email!,
    clientName: order.client_name,
    orderNumber: order.order_number!,
    publicUrl,
    subject: SUBSTITUTION_SUBJECT,
    paragraphs,
    ...(row.photo_id ? { photo: { id: row.photo_id, caption: row.note } } : {}),
  });
}

/** A proposal that lapsed is marked so (once: the update names its status) and audited. */
async function markLapsed(ctx: Pick<SubstitutionContext, 'db'>, row: SubstitutionRow, order: OrderRow, now: Date): Promise<void> {
  const done = await ctx.db.kysely.updateTable('order_substitution').set({ status: 'stands', decided_at: now.toISOString() }).where('id', '=', row.id).where('status', '=', 'proposed').executeTakeFirst();
  if (Number(done.numUpdatedRows) === 1) {
    await recordAction(ctx.db.kysely, { email: 'shop', role: 'system', source: 'deadline' }, 'order.substitution.lapsed', order.order_number ?? order.id, { before: { status: 'proposed' }, after: { substitution: row.id, status: 'stands' } }, now.toISOString());
  }
}

/** A link's proposal, with its order; lapsed ones marked. undefined: no such link. */
export async function openSubstitution(ctx: Pick<SubstitutionContext, 'db' | 'now'>, token: string): Promise<{ row: SubstitutionRow; order: OrderRow } | undefined> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 100) return undefined;
  const row = await ctx.db.kysely.selectFrom('order_substitution').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return undefined;
  const order = await findOrder(ctx.db, row.order_id);
  const now = ctx.now();
  if (row.status === 'proposed' && effectiveStatus(row, now, orderDispatched(order)) === 'stands') {
    await markLapsed(ctx, row, order, now);
    return { row: { ...row, status: 'stands', decided_at: now.toISOString() }, order };
  }
  return { row, order };
}

/** The sender's answer: once, while the proposal is open; a refund through payments' refundOrder (or left to a manager when it cannot be made). */
export async function decideSubstitution(ctx: SubstitutionContext, token: string, decision: SubstitutionDecision, source: string): Promise<{ row: SubstitutionRow; order: OrderRow }> {
  const opened = await openSubstitution(ctx, token);
  if (!opened) throw new AppError(404, 'NOT_FOUND', SUBSTITUTION_MESSAGES.unknownLink);
  const { row, order } = opened;
  if (row.status === 'stands') throw new AppError(410, 'SUBSTITUTION_LAPSED', SUBSTITUTION_MESSAGES.lapsed);
  if (row.status !== 'proposed') throw new AppError(409, 'SUBSTITUTION_DECIDED', SUBSTITUTION_MESSAGES.decided);
  const at = ctx.now().toISOString();
  const sender: Actor = { email: order.client_email ?? 'sender', role: 'sender', source };
  const number = order.order_number ?? order.id;
  // Taken once: only the first answer moves it from 'proposed'.
  const status: SubstitutionStatus = decision === 'accept' ? 'accepted' : 'refunded';
  const taken = await ctx.db.kysely.updateTable('order_substitution').set({ status, decided_at: at }).where('id', '=', row.id).where('status', '=', 'proposed').executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError(409, 'SUBSTITUTION_DECIDED', SUBSTITUTION_MESSAGES.decided);
  await recordAction(ctx.db.kysely, sender, decision === 'accept' ? 'order.substitution.accepted' : 'order.substitution.refused', number, { before: { status: 'proposed' }, after: { substitution: row.id, status } }, at);
  if (decision === 'accept') return { row: { ...row, status, decided_at: at }, order };
  let problem: string | null = null;
  try {
    await ctx.refund({ orderNumber: number, amount: row.item_amount, reason: `Substitution refused: ${row.item_name} refunded instead`, staff: sender, idempotencyKey: `substitution-${row.id}` });
  } catch (err) {
    problem = SUBSTITUTION_MESSAGES.managerMustRefund(err instanceof Error ? err.message : 'unknown error');
  }
  if (problem) {
    await ctx.db.kysely.updateTable('order_substitution').set({ status: 'refund-failed', refund_problem: problem }).where('id', '=', row.id).execute();
    await recordAction(ctx.db.kysely, sender, 'order.substitution.refund-failed', number, { after: { substitution: row.id, problem } }, at);
    return { row: { ...row, status: 'refund-failed', decided_at: at, refund_problem: problem }, order };
  }
  return { row: { ...row, status, decided_at: at }, order };
}

/** An order's proposals for its back-office page, oldest first, lapsed ones marked. */
export async function substitutionsOfOrder(ctx: Pick<SubstitutionContext, 'db' | 'now'>, orderNumber: string): Promise<Substitution[]> {
  const order = await findOrderByNumber(ctx.db, orderNumber);
  if (!order?.order_number) throw new AppError(404, 'NOT_FOUND', `No order has the number ${orderNumber.slice(0, 40)}.`);
  const rows = await ctx.db.kysely.selectFrom('order_substitution').selectAll().where('order_id', '=', order.id).orderBy('proposed_at').orderBy('id').execute();
  const now = ctx.now();
  const out: Substitution[] = [];
  for (const row of rows) {
    if (row.status === 'proposed' && effectiveStatus(row, now, orderDispatched(order)) === 'stands') {
      await markLapsed(ctx, row, order, now);
      out.push(toSubstitution({ ...row, status: 'stands', decided_at: now.toISOString() }));
    } else out.push(toSubstitution(row));
  }
  return out;
}
