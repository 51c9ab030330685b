import { describe, expect, it } from 'vitest';
import { emptyForm, FIELD_LABELS, type CheckoutForm } from '../src/delivery/form';
import { mapServerFields } from '../src/delivery/serverFields';
import { fieldProblem, formErrors, requiredFields } from '../src/delivery/validation';

const now = new Date('2026-05-12T10:00:00+01:00');
const ctx = { loggedIn: false, now };
const filled = (over: Partial<CheckoutForm> = {}): CheckoutForm => ({
  ...emptyForm(),
  senderName: 'Tunde',
  senderEmail: 'tunde@example.com',
  senderPhoneNumber: '08031234567',
  recipientName: 'Amaka',
  recipientPhoneNumber: '08095551234',
  recipientHomeAddress: '3 Bourdillon Road',
  state: 'lagos',
  zone: 'Lagos Island',
  deliveryDate: '2026-05-14',
  ...over,
});

describe('checkout form validation (SPEC section 5)', () => {
  it("shows '{Label} is required' for a blank required field", () => {
    const form = emptyForm();
    expect(fieldProblem('senderName', form, ctx)).toBe('Sender name is required');
    expect(fieldProblem('recipientPhoneNumber', form, ctx)).toBe('Recipient phone number is required');
    expect(fieldProblem('deliveryDate', form, ctx)).toBe('Delivery date is required');
    expect(fieldProblem('message', form, ctx)).toBeNull();
    expect(fieldProblem('recipientPhoneNumberAlt', form, ctx)).toBeNull();
  });

  it('requires the recipient and zone for delivery, the branch for pick-up, the password for a new account', () => {
    expect(requiredFields(filled(), { loggedIn: false })).toEqual(
      expect.arrayContaining(['recipientName', 'recipientPhoneNumber', 'recipientHomeAddress', 'state', 'zone']),
    );
    const pickup = requiredFields(filled({ deliveryMethod: 'pick-up' }), { loggedIn: false });
    expect(pickup).toContain('pickUpLocation');
    expect(pickup).not.toContain('recipientName');
    expect(requiredFields(filled({ freeAccount: true }), { loggedIn: false })).toContain('senderPassword');
    expect(requiredFields(filled({ freeAccount: true }), { loggedIn: true })).not.toContain('senderPassword');
  });

  it('checks e-mail, phones and the date', () => {
    expect(fieldProblem('senderEmail', filled({ senderEmail: 'tunde@' }), ctx)).toMatch(/valid email/);
    expect(fieldProblem('senderPhoneNumber', filled({ senderPhoneNumber: '0803-ABC' }), ctx)).toMatch(/phone number/);
    expect(fieldProblem('recipientPhoneNumberAlt', filled({ recipientPhoneNumberAlt: '123' }), ctx)).toBe('Alternative phone number is not a valid phone number');
    // The server's rule: 15 digits after +234 are too many for a Nigerian number; the same digits are fine as a full number abroad.
    expect(fieldProblem('recipientPhoneNumber', filled({ recipientPhoneNumber: '123456789012345' }), ctx)).toBe('Recipient phone number is not a valid phone number');
    expect(fieldProblem('recipientPhoneNumber', filled({ recipientPhoneNumber: '07700 900123', recipientCountryCode: '+44' }), ctx)).toBeNull();
    expect(fieldProblem('deliveryDate', filled({ deliveryDate: '2026-05-11' }), ctx)).toMatch(/in the past/);
    const late = { ...ctx, now: new Date('2026-05-12T21:30:00+01:00') };
    expect(fieldProblem('deliveryDate', filled({ deliveryDate: '2026-05-12' }), late)).toMatch(/Same-day delivery closes at 9:00pm/);
    expect(fieldProblem('deliveryDate', filled({ deliveryDate: '2026-05-12', deliveryMethod: 'pick-up', pickUpLocation: 'Ikoyi LPI' }), late)).toBeNull();
  });

  it("checks the recipient by the one recipient rule (the server's and the address book's): lengths and phones, the form's labels", () => {
    expect(fieldProblem('recipientName', filled({ recipientName: 'x'.repeat(121) }), ctx)).toBe('Recipient name must be at most 120 characters');
    expect(fieldProblem('recipientHomeAddress', filled({ recipientHomeAddress: 'y'.repeat(501) }), ctx)).toBe(`${FIELD_LABELS.recipientHomeAddress} must be at most 500 characters`);
    expect(fieldProblem('recipientPhoneNumber', filled({ recipientPhoneNumber: '12' }), ctx)).toBe('Recipient phone number is not a valid phone number');
    // The alternate number's country code counts only with an alternate number.
    expect(fieldProblem('recipientCountryCodeAlt', filled({ recipientCountryCodeAlt: 'x' }), ctx)).toBeNull();
    expect(fieldProblem('recipientName', filled({ recipientName: 'Mama Obi' }), ctx)).toBeNull();
  });

  it('takes only a day from the calendar, then applies the same-day cutoff of the shop', () => {
    const evening = { ...ctx, now: new Date('2026-05-12T21:10:00+01:00') };
    expect(fieldProblem('deliveryDate', filled({ deliveryDate: '13/05/2026' }), evening)).toBe('Choose a day from the calendar');
    expect(fieldProblem('deliveryDate', filled({ deliveryDate: '2026-02-30' }), evening)).toBe('Choose a day from the calendar');
    expect(fieldProblem('deliveryDate', filled({ deliveryDate: '2026-05-12' }), evening)).toBe('Same-day delivery closes at 9:00pm Lagos time: choose tomorrow or a later day');
    expect(fieldProblem('deliveryDate', filled({ deliveryDate: '2026-05-13' }), evening)).toBeNull();
  });

  it('finds nothing wrong with a complete delivery form', () => {
    expect(formErrors(filled(), ctx)).toEqual({});
    expect(Object.keys(formErrors(emptyForm(), ctx)).sort()).toEqual(
      ['deliveryDate', 'recipientHomeAddress', 'recipientName', 'recipientPhoneNumber', 'senderEmail', 'senderName', 'senderPhoneNumber', 'state', 'zone'].sort(),
    );
  });
});

describe("the server's 400 fields", () => {
  it('land next to the form fields, worded with their labels', () => {
    const mapped = mapServerFields({
      'userData.email': 'is not a valid email address',
      'orderData.recipient.phone': 'is not a valid phone number',
      'orderData.deliveryZone': 'is not a zone of this state',
      'orderData.deliveryDate': 'is past the same-day cutoff',
      'orderData.despatchLocation': 'is not one of our branches',
      email: 'is required',
      cartItems: 'is empty',
    });
    expect(mapped.byField).toEqual({
      senderEmail: 'Sender email is not a valid email address',
      recipientPhoneNumber: 'Recipient phone number is not a valid phone number',
      zone: 'Delivery zone is not a zone of this state',
      deliveryDate: 'Delivery date is past the same-day cutoff',
      pickUpLocation: 'Pick-up location is not one of our branches',
    });
    expect(mapped.other).toEqual(['cartItems is empty']);
  });
});
