import { PAYMENT_METHODS } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { methodsFor, readPaymentAnswer } from '../src/payment/methods';

describe('payment methods by currency (SPEC section 9)', () => {
  it('lists what each currency supports, in the shop order', () => {
    expect(methodsFor('NGN').map((m) => m.paymentName)).toEqual(['cardProvider', 'cardAndBankProvider', 'gtbTransfer', 'bankTransferProvider']);
    expect(methodsFor('USD').map((m) => m.paymentName)).toEqual(['cardProvider', 'paypal', 'leadBankTransfer', 'bitcoinTransfer']);
    // Only what the shop can take now (the handshake's list): no provider that is not configured.
    expect(methodsFor('NGN', ['gtbTransfer', 'leadBankTransfer', 'bitcoinTransfer']).map((m) => m.paymentName)).toEqual(['gtbTransfer']);
    expect(methodsFor('GBP').map((m) => m.paymentName)).toEqual(['paypal', 'natwestTransfer']);
  });

  it('gives every method a title and an explanation', () => {
    for (const m of PAYMENT_METHODS) {
      expect(m.title).not.toBe('');
      expect(m.info).not.toBe('');
      expect(m.supportedCurrencies.length).toBeGreaterThan(0);
    }
  });
});

describe('the update-payment-details answer', () => {
  it('is an error without data (SPEC section 7) or on failure', () => {
    expect(readPaymentAnswer({ error: false, message: '', data: null, status: 200 })).toMatchObject({ kind: 'error' });
    expect(readPaymentAnswer({ error: true, message: 'Route not found', data: null, status: 404 })).toEqual({ kind: 'error', message: 'Route not found' });
    // The server's code comes along: a passed delivery date sends the shopper back for a new one.
    expect(readPaymentAnswer({ error: true, message: 'The delivery date of this order, 2026-05-11, has passed: choose a new delivery date before paying', data: null, status: 409, code: 'DELIVERY_DATE_PASSED' })).toMatchObject({ kind: 'error', code: 'DELIVERY_DATE_PASSED' });
  });

  it('follows a payment page, only over http(s)', () => {
    expect(readPaymentAnswer({ error: false, message: '', data: { redirectUrl: 'https://pay.example.com/s/1' } })).toEqual({ kind: 'redirect', url: 'https://pay.example.com/s/1' });
    expect(readPaymentAnswer({ error: false, message: '', data: { redirectUrl: 'javascript:alert(1)' } })).toMatchObject({ kind: 'error' });
  });

  it('shows transfer instructions, or a plain confirmation', () => {
    const instructions = { heading: 'Pay by bank transfer', details: [{ label: 'Account number', value: '0123456789' }], reference: 'AL0001W' };
    expect(readPaymentAnswer({ error: false, message: '', data: { instructions } })).toEqual({ kind: 'instructions', instructions });
    expect(readPaymentAnswer({ error: false, message: '', data: {} })).toEqual({ kind: 'saved' });
  });
});
