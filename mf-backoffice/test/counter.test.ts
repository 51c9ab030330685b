import type { Order } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { changeFormOf, changeRequestOf, emptyCounterForm, staffOrderRequest } from '../src/counter';

/** The shop's counter (issue 39): the New order form as the staff-order request, and a change as only what differs. */
describe('the New order form', () => {
  it('sends the checkout’s payload: lines by SKU and design code, the notes of the method, the payment chosen', () => {
    const form = {
      ...emptyCounterForm(),
      lines: [{ key: 'a', name: 'Red roses', sizes: [], designs: [], SKU: 'ROSE-12', design: 'in-vase', quantity: 2 }],
      sender: { name: ' Funke ', phone: '08031234567', email: '' },
      recipient: { name: 'Kemi', phone: '8095556666', address: '5 Fola Osibo', state: 'lagos', residenceType: '' },
      zone: 'Lekki / Ajah',
      deliveryDate: '2099-03-14',
      notes: { deliveryMessage: 'Happy birthday', adminNotes: '  ' },
      payment: 'counter' as const,
      counterMethod: 'pos' as const,
      reference: ' TILL-1 ',
    };
    expect(staffOrderRequest(form)).toEqual({
      channel: 'whatsapp',
      currency: 'NGN',
      cartItems: [{ SKU: 'ROSE-12', quantity: 2, design: { code: 'in-vase' } }],
      userData: { name: 'Funke', phone: '08031234567' },
      orderData: {
        deliveryDate: '2099-03-14',
        deliveryZone: 'Lekki / Ajah',
        deliveryMessage: 'Happy birthday',
        recipient: { method: 'delivery', name: 'Kemi', phone: '8095556666', address: '5 Fola Osibo', state: 'lagos' },
      },
      payment: { kind: 'counter', method: 'pos', reference: 'TILL-1' },
    });
  });

  it('a pick-up sends its branch and no recipient; a manager’s over-booking its reason', () => {
    const req = staffOrderRequest({ ...emptyCounterForm(), method: 'pickup', pickupLocation: 'Lekki LPL', overbook: 'VIP' });
    expect(req.orderData).toEqual({ deliveryDate: '', pickupLocation: 'Lekki LPL', recipient: { method: 'pickup' } });
    expect(req.overbook).toEqual({ reason: 'VIP' });
    expect(req.payment).toEqual({ kind: 'link' });
  });
});

describe('a change', () => {
  const order = {
    id: 'o1',
    orderNumber: 'ABL1001W',
    deliveryDate: '2099-03-14',
    deliveryMessage: 'Happy birthday',
    deliveryDetails: { recipientName: 'Kemi', recipientPhone: '+2348095556666' },
    recipientAddress: '5 Fola Osibo',
    cartItems: [{ SKU: 'ROSE-12', name: 'Red roses', description: '', image: { src: '' }, price: 1, quantity: 1, productId: 'p1', design: { title: 'In vase', name: 'In vase', price: 0 } }],
    orderProducts: [],
    currency: 'NGN',
    paymentStatus: 'paid',
  } as unknown as Order;

  it('sends only the fields that differ', () => {
    const form = { ...changeFormOf(order), deliveryDate: '2099-03-16', recipientAddress: '7 Admiralty Way' };
    expect(changeRequestOf(order, form)).toEqual({ orderData: { deliveryDate: '2099-03-16', recipient: { address: '7 Admiralty Way' } } });
    expect(changeRequestOf(order, changeFormOf(order))).toEqual({});
  });

  it('a new zone or branch is sent as the checkout names it', () => {
    expect(changeRequestOf(order, { ...changeFormOf(order), zone: 'Ikeja' })).toEqual({ orderData: { deliveryZone: 'Ikeja' } });
    const pickup = { ...order, deliveryMethod: 'pickup', pickupLocation: 'Lekki LPL' } as Order;
    expect(changeRequestOf(pickup, { ...changeFormOf(pickup), pickupLocation: 'Ikoyi LPI' })).toEqual({ orderData: { pickupLocation: 'Ikoyi LPI' } });
  });

  it('a moved quantity sends the items (0 removes a line), keeping their designs', () => {
    expect(changeRequestOf(order, { ...changeFormOf(order), quantities: [3] })).toEqual({ cartItems: [{ SKU: 'ROSE-12', quantity: 3, design: { title: 'In vase' } }] });
    expect(changeRequestOf(order, { ...changeFormOf(order), quantities: [0] })).toEqual({ cartItems: [] });
  });
});
