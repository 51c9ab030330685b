/**
 * An order's photos (issue 40): added by staff from the order's page (and by its rider at the door),
 * kept in the database (photo-store.ts), shown to the staff and to the verified sender only, each at an
 * address nobody can guess and never cached. The first photo of the finished arrangement mails the
 * sender "Your flowers are ready" with it.
 */
import { randomBytes } from 'node:crypto';
import { ORDER_PHOTO_KINDS, PHOTO_CAPTION_MAX, orderPhotoUrl, type OrderPhoto, type OrderPhotoKind, type StaffOrderPhoto } from '@adire/contracts';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { recordAction, type Actor } from '../staff';
import { preparePhoto, PhotoRefused, type PhotoLimits } from './photo-image';
import { proofMail, READY_SUBJECT } from './photo-mail';
import { insertPhoto, photosOfOrder, type PhotoRow } from './photo-store';
import { attemptRow, checkDoorFacts, insertAttempt, mailDoorOutcome, markDelivered, type DoorFacts } from './riders';
import { findOrderByNumber, type OrderRow } from './store';

export const isPhotoKind = (value: unknown): value is OrderPhotoKind => typeof value === 'string' && (ORDER_PHOTO_KINDS as readonly string[]).includes(value);

/** A caption as kept: one line, trimmed, no control characters; null when empty. Undefined input is none. */
export function cleanCaption(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  const text = String(raw)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

export function captionProblem(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') return 'must be text';
  const clean = cleanCaption(raw);
  return clean && clean.length > PHOTO_CAPTION_MAX ? `must be ${PHOTO_CAPTION_MAX} characters at most` : null;
}

/** A new photo's id: 24 random bytes, its address (192 bits: nobody can guess one). */
export const newPhotoId = () => randomBytes(24).toString('base64url');

export const toOrderPhoto = (row: PhotoRow): OrderPhoto => ({ id: row.id, kind: row.kind as OrderPhotoKind, caption: row.caption, takenAt: row.taken_at });
export const toStaffPhoto = (row: PhotoRow): StaffOrderPhoto => ({ ...toOrderPhoto(row), url: orderPhotoUrl(row.id), thumbUrl: orderPhotoUrl(row.id, 'small'), takenBy: row.taken_by });

export interface PhotoContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  limits: PhotoLimits;
}

export interface PhotoUpload extends DoorFacts {
  bytes: Buffer | undefined;
  kind: unknown;
  caption: unknown;
}

/** A checked-out order by its number, or a 404. */
export async function orderForPhotos(db: Pick<Db, 'kysely'>, orderNumber: string): Promise<OrderRow> {
  const row = await findOrderByNumber(db, orderNumber);
  if (!row || !row.order_number) throw new AppError(404, 'NOT_FOUND', `No order has the number ${orderNumber.slice(0, 40)}.`);
  return row;
}

/** Checks the form's fields (400 beside each, nothing written), then the file (photo-image.ts). */
export function checkUploadFields(upload: PhotoUpload): { kind: OrderPhotoKind; caption: string | null; bytes: Buffer } {
  const fields: Record<string, string> = {};
  if (!isPhotoKind(upload.kind)) fields.kind = `must be one of ${ORDER_PHOTO_KINDS.join(', ')}`;
  const captionWrong = captionProblem(upload.caption);
  if (captionWrong) fields.caption = captionWrong;
  if (!upload.bytes || upload.bytes.length === 0) fields.photo = 'is required: a JPEG, PNG or WebP picture';
  if (Object.keys(fields).length) {
    const first = Object.entries(fields)[0]!;
    throw new AppError(400, 'INVALID_PHOTO', `The photo's ${first[0]} ${first[1]}.`, fields);
  }
  return { kind: upload.kind as OrderPhotoKind, caption: cleanCaption(upload.caption), bytes: upload.bytes! };
}

/** Re-encodes the file (EXIF gone) or answers the refusal as a 400/413 beside `photo`. */
export async function photoCopies(bytes: Buffer, limits: PhotoLimits) {
  try {
    return await preparePhoto(bytes, limits);
  } catch (err) {
    if (err instanceof PhotoRefused) throw new AppError(err.statusCode, err.code, err.message, { photo: err.message });
    throw err;
  }
}

/**
 * Adds a photo to an order: checked, re-encoded, kept, audited as 'order.photo'. The first 'ready'
 * photo mails the sender "Your flowers are ready" with it (after the answer: a slow mail server never
 * holds the florist's phone). A 'delivered' photo says who received the flowers and moves the order to
 * delivered; a 'not-delivered' one says why: each is kept as the door's outcome and mailed to the sender.
 */
export async function addOrderPhoto(ctx: PhotoContext, actor: Actor, order: OrderRow, upload: PhotoUpload): Promise<PhotoRow> {
  const { kind, caption, bytes } = checkUploadFields(upload);
  const facts = checkDoorFacts(kind, upload);
  const copies = await photoCopies(bytes, ctx.limits);
  if (kind === 'delivered') await markDelivered(ctx.db, order, ctx.now());
  const before = await photosOfOrder(ctx.db, order.id);
  const row: PhotoRow = {
    id: newPhotoId(),
    order_id: order.id,
    kind,
    caption,
    taken_at: ctx.now().toISOString(),
    taken_by: actor.email,
    width: copies.width,
    height: copies.height,
  };
  const number = order.order_number!;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await insertPhoto({ kysely: trx }, { ...row, large: copies.large, small: copies.small });
    if (kind !== 'ready') await insertAttempt({ kysely: trx }, attemptRow(order, actor, kind, facts, row.id, row.taken_at));
    await recordAction(trx, actor, 'order.photo', number, { after: { photo: row.id, kind, caption, ...(facts.receivedBy ? { receivedBy: facts.receivedBy } : {}), ...(facts.reason ? { reason: facts.reason } : {}) } }, row.taken_at);
  });
  if (kind !== 'ready') await mailDoorOutcome(ctx.mailer, ctx.publicUrl, order, facts, { id: row.id, caption }, row.taken_at);
  if (kind === 'ready' && !before.some((p) => p.kind === 'ready') && order.client_email) {
    await ctx.mailer.send(
      proofMail({
        to: order.client_email,
        clientName: order.client_name,
        orderNumber: number,
        publicUrl: ctx.publicUrl,
        subject: READY_SUBJECT,
        paragraphs: [`${READY_SUBJECT}: here is the arrangement our florist made for order ${number}, before it leaves the shop.`],
        photo: { id: row.id, caption },
      }),
      { deferred: true },
    );
  }
  return row;
}
