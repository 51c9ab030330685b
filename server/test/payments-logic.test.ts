import { isPaid } from '@adire/domain';
import { describe, expect, it } from 'vitest';
import { loadPaymentsConfig } from '../src/domains/payments';
import { amountDue, attemptOutcome, methodCurrencyProblem, newPaymentReference, orderStatusAfterFailure, orderStatusAfterPayment, paymentKey, providerOf, returnReference, stampAfter, verificationProblem } from '../src/domains/payments/testing';
import { readFlutterwaveVerification, readFlutterwaveWebhook } from '../src/domains/payments/testing';
import { readMonnifyVerification, readMonnifyWebhook } from '../src/domains/payments/testing';
import { readPaypalOrder, readPaypalWebhook } from '../src/domains/payments/testing';
import { readPaystackVerification, readPaystackWebhook } from '../src/domains/payments/testing';
import { hmacHex, paypalSignedString, safeEqual, sandboxPaypalSignature, verifyHmacSha512, verifySecretHash } from '../src/domains/payments/testing';
import { transferInstructions, DEFAULT_TRANSFER_ACCOUNTS } from '../src/domains/payments/testing';

/** SPEC section 9, written out here independently of the contracts' table. */
const SPEC_TABLE: Record<string, string[]> = {
  cardProvider: ['NGN', 'USD'],
  cardAndBankProvider: ['NGN'],
  paypal: ['USD', 'GBP'],
  gtbTransfer: ['NGN'],
  leadBankTransfer: ['USD'],
  bitcoinTransfer: ['USD'],
  natwestTransfer: ['GBP'],
  bankTransferProvider: ['NGN'],
};

describe('method and currency (SPEC section 9)', () => {
  it('accepts exactly the currencies of the table and refuses the rest with the reason', () => {
    for (const [method, currencies] of Object.entries(SPEC_TABLE)) {
      for (const currency of ['NGN', 'USD', 'GBP'] as const) {
        const problem = methodCurrencyProblem(method, currency);
        if (currencies.includes(currency)) expect(problem, `${method} ${currency}`).toBeNull();
        else {
          expect(problem, `${method} ${currency}`).toMatchObject({ code: 'METHOD_CURRENCY', fields: { paymentMethod: `does not support ${currency}` } });
          expect(problem!.message).toContain(`does not take ${currency}: pay in ${currencies.join(' or ')}`);
        }
      }
    }
    expect(methodCurrencyProblem('stripe', 'NGN')).toMatchObject({ code: 'UNKNOWN_PAYMENT_METHOD', fields: { paymentMethod: 'is unknown' } });
    expect(methodCurrencyProblem(undefined, 'NGN')?.code).toBe('UNKNOWN_PAYMENT_METHOD');
  });

  it('maps the third-party kinds to their providers and leaves transfers manual', () => {
    expect(providerOf('cardProvider')).toBe('paystack');
    expect(providerOf('cardAndBankProvider')).toBe('flutterwave');
    expect(providerOf('paypal')).toBe('paypal');
    expect(providerOf('bankTransferProvider')).toBe('monnify');
    for (const m of ['gtbTransfer', 'leadBankTransfer', 'bitcoinTransfer', 'natwestTransfer'] as const) expect(providerOf(m)).toBeNull();
  });
});

describe('amounts and outcomes', () => {
  const v = (status: 'success' | 'failed' | 'pending', amount: number, currency = 'NGN', reference = 'R1') => ({ status, amount, currency, reference });

  it('paid in full, short (part payment), failed, pending; compared in hundredths', () => {
    expect(attemptOutcome(52500, v('success', 52500))).toBe('paid');
    expect(attemptOutcome(52500, v('success', 60000))).toBe('paid');
    expect(attemptOutcome(52500, v('success', 52499.99))).toBe('part payment');
    expect(attemptOutcome(0.3, v('success', 0.1 + 0.2))).toBe('paid'); // float noise does not make it short
    expect(attemptOutcome(100, v('success', 0))).toBe('failed');
    expect(attemptOutcome(100, v('failed', 100))).toBe('failed');
    expect(attemptOutcome(100, v('pending', 0))).toBe('pending');
  });

  it('a verification must name our reference and currency, and agree with the webhook body', () => {
    const expected = { reference: 'R1', currency: 'NGN' };
    expect(verificationProblem(expected, v('success', 100))).toBeNull();
    expect(verificationProblem(expected, v('success', 100), { reference: 'R1', amount: 100, currency: 'ngn' })).toBeNull();
    expect(verificationProblem(expected, v('success', 100, 'NGN', 'R2'))).toMatch(/reference 'R2'/);
    expect(verificationProblem(expected, v('success', 100, 'USD'))).toMatch(/reports USD/);
    expect(verificationProblem(expected, v('success', 100), { reference: 'R1', amount: 250 })).toMatch(/claims 250/);
    expect(verificationProblem(expected, v('success', 100), { reference: 'R1', currency: 'USD' })).toMatch(/claims USD/);
    expect(verificationProblem(expected, v('success', 100), { reference: 'R9' })).toMatch(/webhook names reference 'R9'/);
    expect(verificationProblem(expected, v('success', Number.NaN))).toMatch(/invalid amount/);
  });

  it('order status: paid only when everything received covers the total; failures never hide money received', () => {
    expect(orderStatusAfterPayment('not paid', 52500, 52500, isPaid)).toBe('paid');
    expect(orderStatusAfterPayment('awaiting transfer', 20000, 52500, isPaid)).toBe('part payment');
    expect(orderStatusAfterPayment('part payment', 52500, 52500, isPaid)).toBe('paid');
    expect(orderStatusAfterPayment('paid - confirmed by transfer', 10, 52500, isPaid)).toBe('paid - confirmed by transfer');
    expect(orderStatusAfterFailure('not paid', isPaid)).toBe('payment failed');
    expect(orderStatusAfterFailure('awaiting transfer', isPaid)).toBe('payment failed');
    expect(orderStatusAfterFailure('part payment', isPaid)).toBe('part payment');
    expect(orderStatusAfterFailure('paid', isPaid)).toBe('paid');
    // The statuses a payment can leave behind follow the paid rule of SPEC section 4.
    expect(isPaid('part payment')).toBe(false);
    expect(isPaid('payment failed')).toBe(false);
    expect(isPaid('awaiting transfer')).toBe(false);
  });

  it('what is left to pay, the idempotency key, references and the return reference', () => {
    expect(amountDue(52500, 20000)).toBe(32500);
    expect(amountDue(75, 80)).toBe(0);
    expect(amountDue(10.1, 0.2)).toBe(9.9);
    expect(paymentKey('paystack', 'ABL1001W-X')).toBe('paystack:ABL1001W-X');
    const ref = newPaymentReference('ABL1001W', (n) => Buffer.alloc(n, 0));
    expect(ref).toBe('ABL1001W-AAAAAAAAAA');
    expect(newPaymentReference('ABL1001W')).toMatch(/^ABL1001W-[A-Z2-9]{10}$/);
    expect(returnReference({ reference: 'A' })).toBe('A');
    expect(returnReference({ tx_ref: 'B', status: 'successful' })).toBe('B');
    expect(returnReference({ paymentReference: 'C' })).toBe('C');
    expect(returnReference({ trxref: 'D' })).toBe('D');
    expect(returnReference({})).toBeNull();
  });
});

describe('signatures (known-answer vectors computed with openssl and Python, not with this code)', () => {
  const paystackBody = Buffer.from('{"event":"charge.success","data":{"reference":"ABL1001W-TEST","amount":2500000,"currency":"NGN"}}');
  // openssl dgst -sha512 -hmac 'sk_test_adire_known_answer' body.json
  const paystackSig =
    '64cc15195c92bdeaca7f490f34e016385f72970dab79520d3ff789f7efb0e11870c48b5a037be801b4f2115878926d53fc9e20ea7a798ceb980384f57a823624';
  const monnifyBody = Buffer.from('{"eventType":"SUCCESSFUL_TRANSACTION","eventData":{"paymentReference":"ABL1001W-TEST","amountPaid":25000,"currency":"NGN"}}');
  // openssl dgst -sha512 -hmac 'MONNIFY_SECRET_KA' m.json
  const monnifySig =
    'aaea1baff845393a09f2d2d8241b201174992f3259ad6c4c9557b4f0ad107804a56b1f3119856912b9fd5cb445950905f1cc9fd34f9a47d37f7753c9810eb0e0';

  it('HMAC-SHA512 of the raw body (Paystack x-paystack-signature, Monnify monnify-signature)', () => {
    expect(hmacHex('sha512', 'sk_test_adire_known_answer', paystackBody)).toBe(paystackSig);
    expect(verifyHmacSha512('sk_test_adire_known_answer', paystackBody, paystackSig)).toBe(true);
    expect(verifyHmacSha512('sk_test_adire_known_answer', paystackBody, paystackSig.toUpperCase())).toBe(true);
    expect(verifyHmacSha512('MONNIFY_SECRET_KA', monnifyBody, monnifySig)).toBe(true);
    // One byte of the body, the key, or the signature changed: refused.
    expect(verifyHmacSha512('sk_test_adire_known_answer', Buffer.from(paystackBody.toString().replace('2500000', '2500001')), paystackSig)).toBe(false);
    expect(verifyHmacSha512('sk_test_other', paystackBody, paystackSig)).toBe(false);
    expect(verifyHmacSha512('sk_test_adire_known_answer', paystackBody, `${paystackSig.slice(0, -1)}5`)).toBe(false);
    expect(verifyHmacSha512('sk_test_adire_known_answer', paystackBody, paystackSig.slice(0, 64))).toBe(false);
    expect(verifyHmacSha512('sk_test_adire_known_answer', paystackBody, undefined)).toBe(false);
    expect(verifyHmacSha512('', paystackBody, hmacHex('sha512', '', paystackBody))).toBe(false);
  });

  it('Flutterwave verif-hash and constant-time equality', () => {
    expect(verifySecretHash('my-secret-hash', 'my-secret-hash')).toBe(true);
    expect(verifySecretHash('my-secret-hash', ['my-secret-hash'])).toBe(true);
    expect(verifySecretHash('my-secret-hash', 'my-secret-has')).toBe(false);
    expect(verifySecretHash('my-secret-hash', undefined)).toBe(false);
    expect(verifySecretHash('', '')).toBe(false);
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });

  it("PayPal's signed string (CRC32 of the body, decimal) and the sandbox's HMAC over it", () => {
    // python3: zlib.crc32(body) == 4121064289
    expect(paypalSignedString('tx-123', '2026-01-02T03:04:05Z', 'WH-1', paystackBody)).toBe('tx-123|2026-01-02T03:04:05Z|WH-1|4121064289');
    // python3: base64(hmac.new(b'paypal-key', signed, sha256).digest())
    expect(sandboxPaypalSignature('paypal-key', 'tx-123|2026-01-02T03:04:05Z|WH-1|4121064289')).toBe('zDhyHZORr/W1xQ+KKF+RBtlkn+5DRoy8lLZKEEG+8qk=');
  });
});

describe("reading the providers' words", () => {
  it('Paystack: charge.success in kobo; verify statuses', () => {
    expect(readPaystackWebhook({ event: 'charge.success', data: { reference: 'R', amount: 2500050, currency: 'NGN' } })).toEqual({
      kind: 'payment',
      event: 'charge.success',
      reference: 'R',
      claim: { reference: 'R', amount: 25000.5, currency: 'NGN' },
    });
    expect(readPaystackWebhook({ event: 'transfer.success', data: { reference: 'R' } }).kind).toBe('ignore');
    expect(readPaystackVerification({ status: true, data: { status: 'success', reference: 'R', amount: 1000, currency: 'USD' } })).toEqual({
      status: 'success',
      amount: 10,
      currency: 'USD',
      reference: 'R',
    });
    expect(readPaystackVerification({ status: true, data: { status: 'abandoned', reference: 'R', amount: 1000, currency: 'NGN' } }).status).toBe('pending');
    expect(readPaystackVerification({ status: true, data: { status: 'failed', reference: 'R', amount: 1000, currency: 'NGN' } }).status).toBe('failed');
    expect(() => readPaystackVerification({ status: false, message: 'Transaction reference not found' })).toThrow(/not found/);
  });

  it('Flutterwave: charge.completed in the main unit; verify statuses', () => {
    expect(readFlutterwaveWebhook({ event: 'charge.completed', data: { id: 77, tx_ref: 'R', amount: 500, currency: 'NGN', status: 'successful' } })).toMatchObject({
      kind: 'payment',
      reference: 'R',
      providerReference: '77',
      claim: { reference: 'R', amount: 500, currency: 'NGN' },
    });
    expect(readFlutterwaveVerification({ status: 'success', data: { tx_ref: 'R', amount: 500, currency: 'NGN', status: 'successful' } }).status).toBe('success');
    expect(readFlutterwaveVerification({ status: 'success', data: { tx_ref: 'R', amount: 500, currency: 'NGN', status: 'failed' } }).status).toBe('failed');
    expect(() => readFlutterwaveVerification({ status: 'error', message: 'No transaction was found' })).toThrow(/No transaction/);
  });

  it('PayPal: captures and approvals; paid is the sum of completed captures', () => {
    expect(
      readPaypalWebhook({
        event_type: 'PAYMENT.CAPTURE.COMPLETED',
        resource: { custom_id: 'R', amount: { value: '75.00', currency_code: 'GBP' }, supplementary_data: { related_ids: { order_id: 'PP1' } } },
      }),
    ).toEqual({ kind: 'payment', event: 'PAYMENT.CAPTURE.COMPLETED', reference: 'R', providerReference: 'PP1', claim: { reference: 'R', amount: 75, currency: 'GBP' } });
    expect(readPaypalWebhook({ event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'PP1', purchase_units: [{ custom_id: 'R' }] } })).toEqual({
      kind: 'payment',
      event: 'CHECKOUT.ORDER.APPROVED',
      reference: 'R',
      providerReference: 'PP1',
    });
    expect(readPaypalWebhook({ event_type: 'BILLING.PLAN.CREATED' }).kind).toBe('ignore');
    const order = (captures: unknown[], status = 'COMPLETED') => ({
      id: 'PP1',
      status,
      purchase_units: [{ custom_id: 'R', amount: { currency_code: 'USD', value: '80.00' }, payments: { captures } }],
    });
    expect(
      readPaypalOrder(
        order([
          { status: 'COMPLETED', amount: { currency_code: 'USD', value: '50.10' } },
          { status: 'COMPLETED', amount: { currency_code: 'USD', value: '29.90' } },
        ]),
      ),
    ).toEqual({ status: 'success', amount: 80, currency: 'USD', reference: 'R' });
    expect(readPaypalOrder(order([], 'APPROVED')).status).toBe('pending');
    expect(readPaypalOrder(order([{ status: 'DECLINED', amount: { currency_code: 'USD', value: '80.00' } }])).status).toBe('failed');
    expect(readPaypalOrder(order([], 'VOIDED')).status).toBe('failed');
  });

  it('Monnify: SUCCESSFUL_TRANSACTION; PAID, PARTIALLY_PAID and failures', () => {
    expect(readMonnifyWebhook({ eventType: 'SUCCESSFUL_TRANSACTION', eventData: { paymentReference: 'R', transactionReference: 'MNFY|1', amountPaid: '30000.00', currency: 'NGN' } })).toMatchObject({
      kind: 'payment',
      reference: 'R',
      claim: { reference: 'R', amount: 30000, currency: 'NGN' },
    });
    const body = (paymentStatus: string, amountPaid: string) => ({ requestSuccessful: true, responseBody: { paymentReference: 'R', amountPaid, paymentStatus, currencyCode: 'NGN' } });
    expect(readMonnifyVerification(body('PAID', '30000.00'))).toEqual({ status: 'success', amount: 30000, currency: 'NGN', reference: 'R' });
    expect(readMonnifyVerification(body('PARTIALLY_PAID', '1000.00'))).toEqual({ status: 'success', amount: 1000, currency: 'NGN', reference: 'R' });
    expect(readMonnifyVerification(body('PENDING', '0.00')).status).toBe('pending');
    expect(readMonnifyVerification(body('EXPIRED', '0.00')).status).toBe('failed');
  });
});

describe('transfer instructions and configuration', () => {
  const contact = {
    bank: { bankName: 'Guaranty Trust Bank', accountNumber: '0123456789', accountName: 'Adire Blooms Ltd' },
    paypalEmail: 'pay@adireblooms.ng',
    bitcoinAddress: 'bc1qexample',
  };
  it('names the account, amount and reference for each manual method', () => {
    const gtb = transferInstructions({ method: 'gtbTransfer', amount: 52500, currency: 'NGN', orderNumber: 'ABL1001W', contact, accounts: DEFAULT_TRANSFER_ACCOUNTS });
    expect(gtb).toMatchObject({ heading: 'Transfer ₦52,500 to our Guaranty Trust Bank account', bankName: 'Guaranty Trust Bank', accountNumber: '0123456789', accountName: 'Adire Blooms Ltd', amount: 52500, currency: 'NGN', reference: 'ABL1001W' });
    expect(gtb.details).toContainEqual({ label: 'Account number', value: '0123456789' });
    expect(gtb.note).toContain('ABL1001W');
    const natwest = transferInstructions({ method: 'natwestTransfer', amount: 60, currency: 'GBP', orderNumber: 'ABL1001W', contact, accounts: DEFAULT_TRANSFER_ACCOUNTS });
    expect(natwest).toMatchObject({ bankName: 'NatWest', sortCode: '60-16-13', currency: 'GBP', amount: 60 });
    const lead = transferInstructions({ method: 'leadBankTransfer', amount: 75, currency: 'USD', orderNumber: 'ABL1001W', contact, accounts: DEFAULT_TRANSFER_ACCOUNTS });
    expect(lead).toMatchObject({ bankName: 'Lead Bank', routingNumber: '101019644', heading: 'Send $75 to our US dollar account' });
    const btc = transferInstructions({ method: 'bitcoinTransfer', amount: 75, currency: 'USD', orderNumber: 'ABL1001W', contact, accounts: DEFAULT_TRANSFER_ACCOUNTS });
    expect(btc).toMatchObject({ bitcoinAddress: 'bc1qexample', amount: 75, currency: 'USD' });
    expect(btc.details[0]).toEqual({ label: 'Bitcoin address', value: 'bc1qexample' });
  });

  it('reads provider keys from the environment; the sandbox is off in production unless asked for', () => {
    expect(loadPaymentsConfig({}, false)).toEqual({ sandbox: true });
    expect(loadPaymentsConfig({}, true)).toEqual({ sandbox: false });
    expect(loadPaymentsConfig({ PAYMENTS_SANDBOX: '1' }, true).sandbox).toBe(true);
    expect(loadPaymentsConfig({ PAYMENTS_SANDBOX: '0' }, false).sandbox).toBe(false);
    const full = loadPaymentsConfig(
      {
        PAYSTACK_SECRET_KEY: 'sk_live_1',
        FLUTTERWAVE_SECRET_KEY: 'FLWSECK-1',
        FLUTTERWAVE_SECRET_HASH: 'hash',
        PAYPAL_CLIENT_ID: 'id',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'WH-1',
        PAYPAL_BASE_URL: 'https://api-m.sandbox.paypal.com',
        MONNIFY_API_KEY: 'MK',
        MONNIFY_SECRET_KEY: 'SK',
        MONNIFY_CONTRACT_CODE: '123',
      },
      true,
    );
    expect(full.paystack).toEqual({ secretKey: 'sk_live_1', baseUrl: 'https://api.paystack.co' });
    expect(full.flutterwave).toMatchObject({ secretKey: 'FLWSECK-1', secretHash: 'hash' });
    expect(full.paypal).toMatchObject({ webhookId: 'WH-1', baseUrl: 'https://api-m.sandbox.paypal.com' });
    expect(full.monnify).toMatchObject({ apiKey: 'MK', contractCode: '123', baseUrl: 'https://api.monnify.com' });
    expect(() => loadPaymentsConfig({ PAYPAL_CLIENT_ID: 'id' }, false)).toThrow(/PayPal: set all of .* \(missing PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID\)/);
  });
});

describe('the time of a payment step that must come after another', () => {
  it('is now when the clock has moved on, else a millisecond past the step before', () => {
    expect(stampAfter('2026-11-30T10:00:00.005Z', '2026-11-30T10:00:00.004Z')).toBe('2026-11-30T10:00:00.005Z');
    expect(stampAfter('2026-11-30T10:00:00.005Z', undefined)).toBe('2026-11-30T10:00:00.005Z');
    // The same millisecond, or a clock behind the instance that wrote the step before.
    expect(stampAfter('2026-11-30T10:00:00.005Z', '2026-11-30T10:00:00.005Z')).toBe('2026-11-30T10:00:00.006Z');
    expect(stampAfter('2026-11-30T10:00:00.005Z', '2026-11-30T10:00:02.999Z')).toBe('2026-11-30T10:00:03.000Z');
  });
});
