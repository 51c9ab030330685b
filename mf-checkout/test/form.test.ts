import type { Order, User } from '@adire/contracts';
import { localNumber } from '@adire/domain';
import { describe, expect, it } from 'vitest';
import { initialForm, recipientToForm } from '../src/delivery/form';
import { contactQuery, timelineRows } from '../src/tracker/timeline';

const user: User = {
  email: 'ada@example.com',
  name: 'Ada Obi',
  authToken: 't',
  cartItems: [],
  recipients: [],
  phone: '8031234567',
  phoneCountryCode: '+234',
};

describe('form values', () => {
  it('takes the country code off a stored phone', () => {
    expect(localNumber('+2348031234567', '+234')).toBe('8031234567');
    expect(localNumber('8031234567', '+234')).toBe('8031234567');
    expect(localNumber(undefined, '+234')).toBe('');
  });

  it('fills the recipient from a saved one', () => {
    expect(
      recipientToForm({ name: 'Amaka', phone: '+447700900123', phoneCountryCode: '+44', address: '1 Marina', state: 'lagos', residenceType: 'Office' }),
    ).toEqual({
      recipientName: 'Amaka',
      recipientPhoneNumber: '7700900123',
      recipientCountryCode: '+44',
      recipientPhoneNumberAlt: '',
      recipientCountryCodeAlt: '+44',
      recipientHomeAddress: '1 Marina',
      state: 'lagos',
      residenceType: 'Office',
    });
  });

  it('prefills the sender from the logged-in user and the date from the cart', () => {
    const form = initialForm(null, user, '2026-05-14');
    expect(form).toMatchObject({ senderName: 'Ada Obi', senderEmail: 'ada@example.com', senderPhoneNumber: '8031234567', senderCountryCode: '+234', deliveryDate: '2026-05-14' });
  });

  it("prefers what the order already holds (back from payment)", () => {
    const order: Order = {
      id: 'o1',
      deliveryDate: '2026-05-20',
      orderProducts: [],
      cartItems: [],
      currency: 'NGN',
      paymentStatus: 'not paid',
      client: { name: 'Tunde', email: 'tunde@example.com', phone: '+2348090000000', phoneCountryCode: '+234' },
      deliveryMethod: 'pickup',
      pickupLocation: 'Abuja APA',
      deliveryMessage: 'Congratulations!',
      deliveryInstruction: 'Ring twice',
    };
    expect(initialForm(order, user, '2026-05-14')).toMatchObject({
      senderName: 'Tunde',
      senderPhoneNumber: '8090000000',
      deliveryDate: '2026-05-20',
      deliveryMethod: 'pick-up',
      pickUpLocation: 'Abuja APA',
      message: 'Congratulations!',
      deliveryInstruction: 'Ring twice',
      purpose: '',
    });
  });
});

describe('tracker', () => {
  it('lists every step in order, marking the reached ones and the current one', () => {
    const rows = timelineRows([{ step: 'received', done: true, at: '2026-05-12T09:05:00Z' }], 'received');
    expect(rows.map((r) => [r.step, r.done, r.current])).toEqual([
      ['received', true, true],
      ['paid', false, false],
      ['arranged', false, false],
      ['despatched', false, false],
      ['delivered', false, false],
    ]);
  });

  it('sends the contact as an e-mail or a phone', () => {
    expect(contactQuery(' ada@example.com ')).toEqual({ email: 'ada@example.com' });
    expect(contactQuery('0803 123 4567')).toEqual({ phone: '08031234567' });
    expect(contactQuery('  ')).toEqual({});
  });
});
