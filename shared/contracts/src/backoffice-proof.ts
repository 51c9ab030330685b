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

// ---------------------------------------------------------------- riders

/** Why a delivery did not happen (the rider picks one; the sender is mailed what happens next). */
export const DELIVERY_FAILURE_REASONS = ['nobody-home', 'wrong-address', 'refused'] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];
export const DELIVERY_FAILURE_LABELS: Readonly<Record<DeliveryFailureReason, string>> = {
  'nobody-home': 'Nobody home',
  'wrong-address': 'Wrong address',
  refused: 'Refused',
};

/** Who took the flowers at the door ("Mum", "security at the gate"): short, one line. */
export const RECEIVED_BY_MAX = 80;

/** POST orders/:orderNumber/rider: give the order to a rider (an active member whose role is `rider`), or take it back (null). */
export interface RiderAssignRequest {
  rider: string | null;
}

export interface RiderAssignAnswer {
  message: string;
  rider: string | null;
}

/** GET riders: which orders to say the rider of (order numbers, comma-separated, at most RIDERS_ORDERS_MAX). */
export interface RidersQuery {
  orders?: string;
}
export const RIDERS_ORDERS_MAX = 200;

/** The shop's active riders to give orders to, and who carries each of the orders asked about (given ones only). */
export interface RidersAnswer {
  riders: { email: string; name: string | null }[];
  carrying: { orderNumber: string; rider: string }[];
}

/** GET rider/deliveries. */
export interface RiderDeliveriesQuery {
  /** YYYY-MM-DD, the shop's calendar; today by default. */
  date?: string;
}

/** PUT rider/route: the rider's own order of the day's deliveries (every one of them, in the order they will go). */
export interface RiderRouteRequest {
  date: string;
  orderNumbers: string[];
}

/** A failed attempt at the door. */
export interface DeliveryAttempt {
  reason: DeliveryFailureReason;
  at: string;
}

/** One delivery as its rider sees it: where, to whom, what the card says — no prices but what to collect. */
export interface RiderDelivery {
  orderNumber: string;
  /** 1, 2, …: the rider's route order. */
  position: number;
  deliveryStatus: string;
  recipientName: string | null;
  /** As a `tel:` link takes it ('+2348095556666'). */
  recipientPhone: string | null;
  address: string | null;
  zone: string | null;
  /** A maps search for the address (opens the phone's maps app). */
  mapsUrl: string | null;
  cardMessage: string | null;
  /** The sender's delivery notes (gate code, landmark, …). */
  notes: string[];
  /** What the rider collects at the door when the order is not paid; null when nothing is owed. */
  toCollect: { amount: number; currency: string } | null;
  receivedBy: string | null;
  deliveredAt: string | null;
  attempts: DeliveryAttempt[];
}

export interface RiderDeliveriesAnswer {
  date: string;
  deliveries: RiderDelivery[];
}

/** What the tracker tells a verified sender of the delivery itself ("Delivered to Mum at 2:32pm", failed attempts). */
export interface TrackedDelivery {
  receivedBy: string | null;
  deliveredAt: string | null;
  attempts: DeliveryAttempt[];
}
