import {
  CHECKOUT_NOTES,
  type CounterMethod,
  type CurrencyName,
  type DesignOption,
  type Order,
  type PickupLocationCode,
  type ProductSize,
  type StaffOrderPayment,
  type StaffOrderRequest,
} from '@adire/contracts';

/**
 * The shop's counter in the back office (issue 39), pure: the New order form's lines and choices as
 * the staff-order request (the checkout's payload: the server reads it with the checkout's reader),
 * and a change's fields as only what differs from the order.
 */

/** One line of the New order form: a product with its sizes and designs, the chosen size, design and quantity. */
export interface CounterLine {
  key: string;
  name: string;
  sizes: ProductSize[];
  designs: DesignOption[];
  SKU: string;
  design: string;
  quantity: number;
}

export interface CounterForm {
  channel: StaffOrderRequest['channel'];
  currency: CurrencyName;
  lines: CounterLine[];
  sender: { name: string; phone: string; email: string };
  method: 'delivery' | 'pickup';
  recipient: { name: string; phone: string; address: string; state: string; residenceType: string };
  zone: string;
  pickupLocation: PickupLocationCode | '';
  deliveryDate: string;
  /** The checkout's notes by their payload keys (deliveryMessage, purpose, …). */
  notes: Record<string, string>;
  payment: 'link' | 'counter' | 'on-delivery';
  counterMethod: CounterMethod;
  reference: string;
  overbook: string;
}

export const emptyCounterForm = (): CounterForm => ({
  channel: 'whatsapp',
  currency: 'NGN',
  lines: [],
  sender: { name: '', phone: '', email: '' },
  method: 'delivery',
  recipient: { name: '', phone: '', address: '', state: 'lagos', residenceType: '' },
  zone: '',
  pickupLocation: '',
  deliveryDate: '',
  notes: {},
  payment: 'link',
  counterMethod: 'cash',
  reference: '',
  overbook: '',
});

/** The notes a method takes (CHECKOUT_NOTES), in the checkout's order. */
export const notesFor = (method: 'delivery' | 'pickup') => Object.values(CHECKOUT_NOTES).filter((n) => (n.methods as readonly string[]).includes(method));

/** The staff-order request of the form (blank fields left out, so the server names what is missing). */
export function staffOrderRequest(form: CounterForm): StaffOrderRequest {
  const payment: StaffOrderPayment =
    form.payment === 'counter' ? { kind: 'counter', method: form.counterMethod, reference: form.reference.trim() } : { kind: form.payment };
  const notes: Record<string, string> = {};
  for (const note of notesFor(form.method)) {
    const text = form.notes[note.key]?.trim();
    if (text) notes[note.key] = text;
  }
  const r = form.recipient;
  const recipient =
    form.method === 'delivery'
      ? { method: 'delivery', name: r.name.trim(), phone: r.phone.trim(), address: r.address.trim(), state: r.state, ...(r.residenceType ? { residenceType: r.residenceType } : {}) }
      : { method: 'pickup' };
  return {
    channel: form.channel,
    currency: form.currency,
    cartItems: form.lines.map((l) => ({ SKU: l.SKU, quantity: l.quantity, ...(l.design ? { design: { code: l.design } } : {}) })),
    userData: { name: form.sender.name.trim(), phone: form.sender.phone.trim(), ...(form.sender.email.trim() ? { email: form.sender.email.trim() } : {}) },
    orderData: {
      deliveryDate: form.deliveryDate,
      ...(form.method === 'delivery' ? { deliveryZone: form.zone } : { pickupLocation: form.pickupLocation }),
      ...notes,
      recipient,
    },
    payment,
    ...(form.overbook.trim() ? { overbook: { reason: form.overbook.trim() } } : {}),
  };
}

/** What the Change form edits of an order. */
export interface ChangeForm {
  deliveryDate: string;
  deliveryMessage: string;
  recipientName: string;
  recipientPhone: string;
  recipientAddress: string;
  /** A delivery's zone (in its state), or a pick-up's branch. */
  zone: string;
  pickupLocation: string;
  /** Quantity per line, in the order's line order. */
  quantities: number[];
}

export function changeFormOf(order: Order): ChangeForm {
  const d = order.deliveryDetails ?? {};
  return {
    deliveryDate: order.deliveryDate,
    deliveryMessage: order.deliveryMessage ?? '',
    recipientName: d.recipientName ?? '',
    recipientPhone: d.recipientPhone ?? '',
    recipientAddress: order.recipientAddress ?? '',
    zone: order.deliveryZone ?? '',
    pickupLocation: order.pickupLocation ?? '',
    quantities: (order.cartItems ?? []).map((i) => i.quantity),
  };
}

/** Only what differs from the order: `orderData` (the recipient field by field) and `cartItems` when a quantity moved (0 removes a line). */
export function changeRequestOf(order: Order, form: ChangeForm): { orderData?: Record<string, unknown>; cartItems?: StaffOrderRequest['cartItems'] } {
  const was = changeFormOf(order);
  const orderData: Record<string, unknown> = {};
  if (form.deliveryDate !== was.deliveryDate) orderData.deliveryDate = form.deliveryDate;
  if (form.deliveryMessage !== was.deliveryMessage) orderData.deliveryMessage = form.deliveryMessage;
  if (form.zone !== was.zone) orderData.deliveryZone = form.zone;
  if (form.pickupLocation !== was.pickupLocation) orderData.pickupLocation = form.pickupLocation;
  const recipient: Record<string, string> = {};
  if (form.recipientName !== was.recipientName) recipient.name = form.recipientName;
  if (form.recipientPhone !== was.recipientPhone) recipient.phone = form.recipientPhone;
  if (form.recipientAddress !== was.recipientAddress) recipient.address = form.recipientAddress;
  if (Object.keys(recipient).length) orderData.recipient = recipient;
  const items = order.cartItems ?? [];
  const moved = form.quantities.some((q, i) => q !== was.quantities[i]);
  const cartItems = moved
    ? items
        .map((item, i) => ({ SKU: item.SKU, quantity: form.quantities[i] ?? item.quantity, ...(item.design ? { design: { title: item.design.title ?? item.design.name } } : {}) }))
        .filter((line) => line.quantity > 0)
    : undefined;
  return { ...(Object.keys(orderData).length ? { orderData } : {}), ...(cartItems ? { cartItems } : {}) };
}
