import { describe, expect, it } from 'vitest';
import { PHONE_REASON } from '../src/phone';
import { readRecipient, readRecipientFields } from '../src/recipient';

// The one recipient rule of the checkout (form and server) and the account's address book (issue 33).
describe('readRecipient', () => {
  it('reads a whole recipient clean: spaces folded, the phone in full', () => {
    const read = readRecipient({ name: '  Mama   Obi ', phone: '0809 555 6666', phoneCountryCode: '234', address: '7 Admiralty Way', residenceType: 'Home' });
    expect(read).toEqual({
      fields: {},
      name: 'Mama Obi',
      phone: '+2348095556666',
      phoneCountryCode: '+234',
      phoneAlt: null,
      altPhoneCountryCode: null,
      address: '7 Admiralty Way',
      state: null,
      residenceType: 'Home',
    });
  });

  it('names every wrong field in the checkout form’s order, with the checkout’s reasons', () => {
    const read = readRecipient({ name: 'x'.repeat(121), phone: '12', phoneCountryCode: '+0', phoneAlt: 5, address: ' ', residenceType: ['Home'] });
    expect(Object.entries(read.fields)).toEqual([
      ['phoneCountryCode', 'must be a country code such as +234'],
      ['phoneAlt', 'must be text'],
      ['name', 'must be at most 120 characters'],
      ['phone', PHONE_REASON],
      ['address', 'is required'],
      ['residenceType', 'must be text'],
    ]);
  });

  it('asks for nothing when not required (a pick-up), but checks what is given', () => {
    expect(readRecipient({}, { required: false }).fields).toEqual({});
    expect(readRecipient({ phone: '12' }, { required: false }).fields).toEqual({ phone: PHONE_REASON });
    expect(readRecipient({}).fields).toEqual({ name: 'is required', phone: 'is required', address: 'is required' });
  });

  it('counts the alternate country code only with an alternate number (SPEC section 5)', () => {
    expect(readRecipient({ name: 'A', phone: '08031112222', address: 'B', altPhoneCountryCode: 'nonsense' }).fields).toEqual({});
    const alt = readRecipient({ name: 'A', phone: '08031112222', address: 'B', phoneAlt: '7700 900123', altPhoneCountryCode: '+44' });
    expect(alt).toMatchObject({ fields: {}, phoneAlt: '+447700900123', altPhoneCountryCode: '+44' });
    expect(readRecipient({ name: 'A', phone: '08031112222', address: 'B', phoneAlt: '7700 900123', altPhoneCountryCode: 'x' }).fields).toEqual({
      altPhoneCountryCode: 'must be a country code such as +234',
    });
  });
});

describe('readRecipientFields', () => {
  it('gives the recipient the address book keeps, or the wrong fields', () => {
    expect(readRecipientFields({ name: 'Mama Obi', phone: '08095556666', address: '7 Admiralty Way', state: 'lagos' })).toEqual({
      ok: true,
      recipient: { name: 'Mama Obi', phone: '+2348095556666', phoneCountryCode: '+234', address: '7 Admiralty Way', state: 'lagos' },
    });
    expect(readRecipientFields({ name: 'Mama Obi', phone: '12', address: '7 Admiralty Way' })).toEqual({ ok: false, fields: { phone: PHONE_REASON } });
  });
});

describe("the address book's state (issue 44, item 3)", () => {
  it("is one of the shop's delivery states, by value or label, kept as the checkout keeps it", () => {
    const base = { name: 'Mama Obi', phone: '08095556666', address: '7 Admiralty Way' };
    expect(readRecipientFields({ ...base, state: 'Other locations' })).toMatchObject({ ok: true, recipient: { state: 'other-locations' } });
    expect(readRecipientFields({ ...base, state: ' ABUJA ' })).toMatchObject({ ok: true, recipient: { state: 'abuja' } });
    expect(readRecipientFields(base)).toMatchObject({ ok: true });
  });

  it("refuses another with the checkout's reason and sentence", () => {
    expect(readRecipientFields({ name: 'Mama Obi', phone: '08095556666', address: '7 Admiralty Way', state: 'Narnia' })).toEqual({
      ok: false,
      fields: { state: 'is not a state we deliver to' },
      message: "We do not deliver to 'Narnia': choose one of lagos, abuja, other-locations",
    });
    // Another field wrong first: its own sentence is the message (the state is still named).
    expect(readRecipientFields({ name: 'Mama Obi', phone: '12', address: '7 Admiralty Way', state: 'Narnia' })).toEqual({ ok: false, fields: { phone: PHONE_REASON, state: 'is not a state we deliver to' } });
  });
});

