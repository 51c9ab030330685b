/**
 * Issue 40's routes: the back office's photos of an order (POST multipart/form-data, GET the list) and
 * where every photo is served — `private, no-store`, by its unguessable id, to the staff's pages and the
 * verified sender's tracker and mail alike.
 */
import multipart from '@fastify/multipart';
import { BACKOFFICE_PATHS, ORDER_PHOTO_PATH, PHOTO_FORM, type OrderPhotosAnswer, type PhotoUploadAnswer } from '@adire/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { PRIVATE_CACHE_CONTROL } from '../../http/cache-control';
import { AppError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { may, staffQuery, staffText, type DomainStaffRoutes } from '../staff';
import { PHOTO_MESSAGES, type PhotoLimits } from './photo-image';
import { photoRetentionScheduler } from './photo-retention';
import { photoBytes, photosOfOrder } from './photo-store';
import { addOrderPhoto, orderForPhotos, toOrderPhoto, toStaffPhoto, type PhotoContext, type PhotoUpload } from './photos';
import { DEFAULT_PROOF_CONFIG, type ProofConfig } from './proof-config';
import { ridersOrder } from './riders';
import { orderParams } from './staff-routes';

export interface PhotoStaffRoutesOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now?: () => Date;
  config?: ProofConfig;
}

/** The form of an upload: the photo (one file) and its text fields; a file over the limit is a 413 beside `photo`. */
export async function readPhotoForm(request: FastifyRequest, limits: PhotoLimits): Promise<PhotoUpload> {
  if (!request.isMultipart()) {
    throw new AppError(400, 'INVALID_PHOTO', 'Send the photo as multipart/form-data with the fields photo, kind and caption.', { photo: 'is required' });
  }
  const fields: Record<string, unknown> = {};
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: limits.maxBytes, files: 1, fields: 8, fieldSize: 2_000, parts: 9 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === PHOTO_FORM.photo) bytes = data;
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'PHOTO_TOO_LARGE', PHOTO_MESSAGES.tooLarge(limits.maxBytes), { photo: PHOTO_MESSAGES.tooLarge(limits.maxBytes) });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(400, 'INVALID_PHOTO', 'Send one photo at a time, with its kind and caption.', { photo: 'one file at most' });
    }
    if (err instanceof AppError) throw err;
    // What busboy could not read (a broken boundary, a form cut short) is the sender's form, not the server.
    throw new AppError(400, 'INVALID_PHOTO', 'The upload could not be read as a form: send the photo as multipart/form-data with the fields photo, kind and caption.', { photo: 'is required' });
  }
  return { bytes, kind: fields[PHOTO_FORM.kind], caption: fields[PHOTO_FORM.caption], receivedBy: fields[PHOTO_FORM.receivedBy], reason: fields[PHOTO_FORM.reason] };
}

/** The back office's photos of an order: florists and managers ('orders'). */
export function photoStaffRoutes(options: PhotoStaffRoutesOptions): DomainStaffRoutes {
  const config = options.config ?? DEFAULT_PROOF_CONFIG;
  const ctx: PhotoContext = { db: options.db, mailer: options.mailer, publicUrl: options.publicUrl, now: options.now ?? (() => new Date()), limits: config.photoLimits };
  return async (app, { staff }) => {
    // Photos past their keeping time go (PHOTO_KEEP_DAYS after the delivery day).
    photoRetentionScheduler(app, ctx.db, ctx.now, config.photoKeepDays);
    // Scoped to these routes: the rest of the API takes JSON only.
    await app.register(multipart, { limits: { fileSize: config.photoLimits.maxBytes, files: 1 } });

    app.get(`${BACKOFFICE_PATHS.orders}/:orderNumber/photos`, { schema: { params: orderParams, querystring: staffQuery() } }, async (request): Promise<{ data: OrderPhotosAnswer }> => {
      await staff(request, 'orders');
      const order = await orderForPhotos(ctx.db, (request.params as { orderNumber: string }).orderNumber);
      return { data: { photos: (await photosOfOrder(ctx.db, order.id)).map(toStaffPhoto) } };
    });

    // The business is in the query of a form (multipart has no JSON body to carry it); the shop's check reads either.
    app.post(`${BACKOFFICE_PATHS.orders}/:orderNumber/photos`, { schema: { params: orderParams, querystring: { type: 'object', properties: { business: staffText(100) } } } }, async (request, reply) => {
      const { actor, member } = await staff(request);
      const orderNumber = (request.params as { orderNumber: string }).orderNumber;
      // Florists and managers on any order; a rider on their own deliveries only, at the door (another rider's order is a 404).
      const rider = !may(member.role, 'orders');
      if (rider && member.role !== 'rider') await staff(request, 'orders');
      const order = rider ? await ridersOrder(ctx.db, member.email, orderNumber) : await orderForPhotos(ctx.db, orderNumber);
      const upload = await readPhotoForm(request, ctx.limits);
      if (rider && upload.kind === 'ready') throw new AppError(400, 'INVALID_PHOTO', "A rider adds the door's photos: delivered or not-delivered.", { kind: 'must be delivered or not-delivered' });
      const row = await addOrderPhoto(ctx, actor, order, upload);
      const answer: PhotoUploadAnswer = { photo: toOrderPhoto(row) };
      return reply.status(201).send({ data: answer });
    });
  };
}

const photoParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{20,64}$' } } } as const;
const photoQuery = { type: 'object', properties: { business: { type: 'string', maxLength: 100 }, size: { type: 'string', enum: ['large', 'small'] } } } as const;

/** Where every order photo is served: its id is the key (192 random bits); never kept by a browser or a shared cache. */
export function registerPhotoServing(app: FastifyInstance, db: Db): void {
  app.get(`${ORDER_PHOTO_PATH}/:id`, { schema: { params: photoParams, querystring: photoQuery } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const { size } = request.query as { size?: 'large' | 'small' };
    const bytes = await photoBytes(db, id, size ?? 'large');
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    if (!bytes) throw new AppError(404, 'NOT_FOUND', 'This photo is not kept any more.');
    return reply.type('image/jpeg').header('referrer-policy', 'no-referrer').send(bytes);
  });
}
