import { CHECKOUT_NOTE_NAMES, CHECKOUT_NOTES } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { emptyForm, type CheckoutForm } from '../src/delivery/form';
import { buildCheckoutRequest, buildRecipient, buildSenderInfo, omitEmpty } from '../src/delivery/payload';

const sender = { senderName: 'Tunde Bakare', senderEmail: 'tunde@example.com', senderPhoneNumber: '08031234567', senderCountryCode: '+234' };
const delivery = (over: Partial<CheckoutForm> = {}): CheckoutForm => ({
  ...emptyForm(),
  ...sender,
  recipientName: 'Amaka Obi',
  recipientPhoneNumber: '0809 555 1234',
  recipientHomeAddress: '3 Bourdillon Road, Ikoyi',
  state: 'lagos',
  zone: 'Lagos Island',
  deliveryDate: '2026-05-14',
  ...over,
});

describe('omitEmpty', () => {
  it('drops undefined, null, blank text and emptied objects; trims text; keeps false and numbers', () => {
    expect(omitEmpty({ a: '', b: '  ', c: undefined, d: null, e: ' x ', f: false, g: 0, h: { i: '' }, j: { k: 'y' } })).toEqual({ e: 'x', f: false, g: 0, j: { k: 'y' } });
  });
});

describe('checkout payload (SPEC sections 3, 5, 6)', () => {
  it('strips the leading zero and prefixes the country code on every phone', () => {
    const body = buildCheckoutRequest(delivery({ recipientCountryCode: '+44', recipientPhoneNumber: '07700 900123' }), { currency: 'NGN', loggedIn: false });
    expect(body.userData).toEqual({ name: 'Tunde Bakare', email: 'tunde@example.com', phone: '+2348031234567', phoneCountryCode: '+234' });
    expect(body.orderData.recipient.phone).toBe('+447700900123');
    expect(body.orderData.recipient.phoneCountryCode).toBe('+44');
  });

  it("sends the alternate phone's country code only when there is an alternate number", () => {
    const without = buildRecipient(delivery({ recipientCountryCodeAlt: '+1' }));
    expect(without).not.toHaveProperty('phoneAlt');
    expect(without).not.toHaveProperty('altPhoneCountryCode');
    const withAlt = buildRecipient(delivery({ recipientPhoneNumberAlt: '0702 000 1111', recipientCountryCodeAlt: '+1' }));
    expect(withAlt).toMatchObject({ phoneAlt: '+17020001111', altPhoneCountryCode: '+1' });
  });

  it('omits empty fields and sends the date as YYYY-MM-DD', () => {
    const body = buildCheckoutRequest(delivery({ message: '   ', purpose: '' }), { currency: 'USD', loggedIn: false });
    expect(body.orderData).not.toHaveProperty('deliveryMessage');
    expect(body.orderData).not.toHaveProperty('purpose');
    expect(body.orderData).not.toHaveProperty('adminNotes');
    expect(body.orderData.deliveryDate).toBe('2026-05-14');
    expect(body.orderData.deliveryZone).toBe('Lagos Island');
    expect(body.orderData.recipient).toEqual({
      name: 'Amaka Obi',
      phone: '+2348095551234',
      phoneCountryCode: '+234',
      address: '3 Bourdillon Road, Ikoyi',
      state: 'lagos',
      method: 'delivery',
    });
    expect(body.orderData.deliveryDetails).toEqual({ ...body.orderData.recipient, zone: 'Lagos Island' });
    expect(body).not.toHaveProperty('shouldCreateAccount');
    expect(body).not.toHaveProperty('shouldSaveAddress');
    expect(body.currency).toBe('USD');
  });

  it('maps the message, purpose and notes to the order data', () => {
    const body = buildCheckoutRequest(
      delivery({ message: 'Happy birthday, Mum!', purpose: 'Birthday', additionalInfo: 'Gift wrap please', deliveryInstruction: 'Call at the gate' }),
      { currency: 'NGN', loggedIn: false },
    );
    expect(body.orderData).toMatchObject({ deliveryMessage: 'Happy birthday, Mum!', purpose: 'Birthday', adminNotes: 'Gift wrap please', deliveryInstruction: 'Call at the gate' });
  });

  it('sends every note of the note table under its payload name, for delivery and pick-up alike', () => {
    const typed = Object.fromEntries(CHECKOUT_NOTE_NAMES.map((name) => [name, ` ${name} text `])) as Partial<CheckoutForm>;
    const expected = Object.fromEntries(CHECKOUT_NOTE_NAMES.map((name) => [CHECKOUT_NOTES[name].key, `${name} text`]));
    expect(buildCheckoutRequest(delivery(typed), { currency: 'NGN', loggedIn: false }).orderData).toMatchObject(expected);
    const pickup = buildCheckoutRequest(delivery({ ...typed, deliveryMethod: 'pick-up', pickUpLocation: 'Lekki LPL' }), { currency: 'NGN', loggedIn: false });
    expect(pickup.orderData).toMatchObject(expected);
  });

  it('leaves the recipient blank for pick-up and names the branch, its state and the despatch location', () => {
    const body = buildCheckoutRequest(delivery({ deliveryMethod: 'pick-up', pickUpLocation: 'Lekki LPL', shouldSaveAddress: true }), { currency: 'NGN', loggedIn: true });
    expect(body.orderData.recipient).toEqual({ method: 'pick-up' });
    expect(body.orderData).not.toHaveProperty('deliveryDetails');
    expect(body.orderData).not.toHaveProperty('deliveryZone');
    expect(body.orderData).toMatchObject({ pickupLocation: 'Lekki LPL', despatchLocation: 'Lekki LPL', pickupState: 'lagos' });
    expect(body).not.toHaveProperty('shouldSaveAddress');
  });

  it('creates an account only for a guest who asked, and only then sends the password', () => {
    const guest = buildCheckoutRequest(delivery({ freeAccount: true, senderPassword: 'Hibiscus-2026', shouldSaveAddress: true }), { currency: 'NGN', loggedIn: false });
    expect(guest.shouldCreateAccount).toBe(true);
    expect(guest.shouldSaveAddress).toBe(true);
    expect(guest.userData.password).toBe('Hibiscus-2026');
    const noAccount = buildCheckoutRequest(delivery({ freeAccount: false, senderPassword: 'Hibiscus-2026', shouldSaveAddress: true }), { currency: 'NGN', loggedIn: false });
    expect(noAccount).not.toHaveProperty('shouldCreateAccount');
    expect(noAccount).not.toHaveProperty('shouldSaveAddress'); // nowhere to save it
    expect(noAccount.userData).not.toHaveProperty('password');
    const member = buildCheckoutRequest(delivery({ freeAccount: true, senderPassword: 'x', shouldSaveAddress: true }), { currency: 'NGN', loggedIn: true });
    expect(member).not.toHaveProperty('shouldCreateAccount');
    expect(member.shouldSaveAddress).toBe(true);
  });
});

describe('sender info', () => {
  it('is sent once name, email and phone are there', () => {
    expect(buildSenderInfo({ ...emptyForm(), ...sender })).toEqual({ name: 'Tunde Bakare', email: 'tunde@example.com', phone: '+2348031234567', phoneCountryCode: '+234' });
    expect(buildSenderInfo({ ...emptyForm(), ...sender, senderPhoneNumber: ' ' })).toBeNull();
    expect(buildSenderInfo({ ...emptyForm(), ...sender, senderName: '' })).toBeNull();
  });
});
