/**
 * How long an order's photos are kept (issue 40, NDPA 2023): a photo of a recipient's door is personal
 * data, deleted PHOTO_KEEP_DAYS (default 90) after the order's delivery day by every instance's hourly
 * sweep (and once at start); an erased account's photos go with its orders (account-orders.ts).
 */
import { shopDate } from '@adire/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { deletePhotos } from './photo-store';

export const PHOTO_SWEEP_EVERY_MS = 60 * 60_000;

/** The last delivery day whose photos are still kept at `now`: photos of earlier days go. */
export function photoKeepFrom(now: Date, keepDays: number): string {
  return shopDate(new Date(now.getTime() - keepDays * 24 * 60 * 60_000));
}

/** Deletes the photos of orders delivered more than `keepDays` ago; how many went. */
export async function sweepOrderPhotos(db: Pick<Db, 'kysely'>, now: Date, keepDays: number): Promise<number> {
  const from = photoKeepFrom(now, keepDays);
  const old = await db.kysely
    .selectFrom('order_photo')
    .innerJoin('shop_order', 'shop_order.id', 'order_photo.order_id')
    .select('order_photo.id')
    .where('shop_order.delivery_date', '<', from)
    .limit(500)
    .execute();
  return deletePhotos(db, old.map((p) => p.id));
}

/** Every instance sweeps on start and every hour (a sweep is one indexed query; two instances at once delete the same rows harmlessly). */
export function photoRetentionScheduler(app: FastifyInstance, db: Db, now: () => Date, keepDays: number, every = PHOTO_SWEEP_EVERY_MS): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const run = () =>
    void sweepOrderPhotos(db, now(), keepDays)
      .then((n) => n && app.log.info({ deleted: n }, 'order photos past their keeping time deleted'))
      .catch((err: unknown) => app.log.error({ err }, 'sweeping old order photos failed'));
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, every);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
