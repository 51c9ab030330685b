// Proof the flowers arrived (issue 40): an order's photos (the finished arrangement, the door, a failed
// attempt), who carries it (the rider) and what the sender is shown. Paths: BACKOFFICE_PATHS
// (backoffice.ts): orderPhotos, orderRider, riderDeliveries. The orders domain owns all of it.
import { BUSINESS } from './shop';

/** What a photo shows: the finished arrangement before dispatch, the door at delivery, a failed attempt. */
export const ORDER_PHOTO_KINDS = ['ready', 'delivered', 'not-delivered'] as const;
export type OrderPhotoKind = (typeof ORDER_PHOTO_KINDS)[number];

/** A photo's caption is short: one line a sender reads under it. */
export const PHOTO_CAPTION_MAX = 200;

/** The form fields of POST orders/:orderNumber/photos (multipart/form-data, `?business=` in the query). */
export const PHOTO_FORM = { photo: 'photo', kind: 'kind', caption: 'caption', receivedBy: 'receivedBy', reason: 'reason' } as const;

/** One photo of an order, as the upload answers it (201 `{data: {photo}}`). */
export interface OrderPhoto {
  id: string;
  kind: OrderPhotoKind;
  caption: string | null;
  /** ISO time the photo was added. */
  takenAt: string;
}

/** POST orders/:orderNumber/photos → 201 PhotoUploadAnswer. */
export interface PhotoUploadAnswer {
  photo: OrderPhoto;
}

/** A photo as the back office lists it: where to load it (never cached, an address nobody can guess) and who added it. */
export interface StaffOrderPhoto extends OrderPhoto {
  url: string;
  /** A small copy (480 px wide at most) for lists. */
  thumbUrl: string;
  takenBy: string | null;
}

/** GET orders/:orderNumber/photos → OrderPhotosAnswer. */
export interface OrderPhotosAnswer {
  photos: StaffOrderPhoto[];
}

/** A photo as the verified sender sees it (the tracker, the account's order list). */
export interface TrackedPhoto {
  url: string;
  kind: OrderPhotoKind;
  caption: string | null;
  takenAt: string;
}

/** Where a photo is served: `private, no-store`, by its unguessable id; `small` for the 480 px copy. */
export const ORDER_PHOTO_PATH = '/v1/orders/photos';
export const orderPhotoUrl = (id: string, size: 'large' | 'small' = 'large') =>
  `${ORDER_PHOTO_PATH}/${encodeURIComponent(id)}?business=${BUSINESS}${size === 'small' ? '&size=small' : ''}`;

/** The words a sender and the staff read for each kind. */
export const ORDER_PHOTO_LABELS: Readonly<Record<OrderPhotoKind, string>> = {
  ready: 'Ready',
  delivered: 'Delivered',
  'not-delivered': 'Could not deliver',
};
