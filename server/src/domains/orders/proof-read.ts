/**
 * What a verified sender is shown of issue 40's proof (the tracker, the account's data): the order's
 * photos and what happened at the door. Read-only, from the two stores: the tracker imports this, not
 * photos.ts or riders.ts (which move orders along through operator.ts, itself a reader of the tracker).
 */
import { orderPhotoUrl, type DeliveryAttempt, type DeliveryFailureReason, type OrderPhotoKind, type TrackedDelivery, type TrackedPhoto } from '@adire/contracts';
import type { Db } from '../../db/database';
import { photosOfOrder, type PhotoRow } from './photo-store';
import { attemptsOf, type AttemptRow } from './rider-store';

export const toTrackedPhoto = (row: PhotoRow): TrackedPhoto => ({ url: orderPhotoUrl(row.id), kind: row.kind as OrderPhotoKind, caption: row.caption, takenAt: row.taken_at });

export const toAttempt = (a: AttemptRow): DeliveryAttempt => ({ reason: a.reason as DeliveryFailureReason, at: a.at });

/** The order's photos, oldest first. */
export async function trackedPhotos(db: Pick<Db, 'kysely'>, orderId: string): Promise<TrackedPhoto[]> {
  return (await photosOfOrder(db, orderId)).map(toTrackedPhoto);
}

/** Who took the flowers and when, and the failed attempts. */
export async function trackedDelivery(db: Pick<Db, 'kysely'>, orderId: string): Promise<TrackedDelivery> {
  const attempts = await attemptsOf(db, [orderId]);
  const delivered = attempts.find((a) => a.outcome === 'delivered');
  return { receivedBy: delivered?.received_by ?? null, deliveredAt: delivered?.at ?? null, attempts: attempts.filter((a) => a.outcome === 'not-delivered').map(toAttempt) };
}
