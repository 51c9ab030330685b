import { expect, test } from '@playwright/test';
import { uniqueEmail, watchErrors } from '../support';
import { AMAKA, checkoutRoses, chooseNaira, errorToast, fillDelivery, fillSender, toast } from './helpers';

test.describe('checkout: a guest delivery', () => {
  test('fills every part of the delivery stage and reaches payment', async ({ page }) => {
    const errors = watchErrors(page);
    await chooseNaira(page);
    await checkoutRoses(page);
    const form = page.getByRole('form', { name: 'Delivery details' });

    // The stage header: delivery active; the footer is hidden.
    await expect(page.getByRole('list', { name: 'Checkout stages' }).getByRole('listitem')).toHaveText([/1\s*Delivery/, /2\s*Payment/, /3\s*Done/]);
    await expect(page.getByRole('listitem').filter({ hasText: 'Delivery' }).first()).toHaveAttribute('aria-current', 'step');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    // The summary beside the form: the item and the naira amounts.
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByRole('list', { name: 'Items in this order' })).toContainText('Ruby Romance Red Roses');
    await expect(summary.getByTestId('order-total')).toHaveText('₦45,000');

    // A required field left blank says so on blur.
    await form.getByLabel('Sender name').focus();
    await form.getByLabel('Sender email').focus();
    await expect(form.getByText('Sender name is required')).toBeVisible();

    await fillSender(page, { name: 'Tunde Bakare', email: 'tunde.guest@example.com', phone: '0803 123 4567' });
    await expect(form.getByLabel('Sender country code')).toHaveValue('+234');
    await fillDelivery(page);
    // The zone's fee, priced by the server, joins the summary.
    await expect(form.getByText(/Delivery fee: ₦3,000/)).toBeVisible();
    await expect(summary.getByTestId('order-total')).toHaveText('₦48,000');
    // The live countdown to today's cutoff (or the note that it has passed).
    await expect(form.getByText(/Same-day delivery (closes in|closed at)/)).toBeVisible();
    await expect(form.getByLabel('Delivery date')).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/);

    await form.getByLabel('Residence type').selectOption('Apartment / flat');
    await form.getByLabel('Message for the card').fill('Happy birthday, Amaka!');
    await form.getByLabel('Purpose').selectOption('Birthday');
    await form.getByLabel('Delivery instruction').fill('Call at the gate');

    const checkout = page.waitForRequest((r) => r.url().includes('/checkout-order/') && r.method() === 'PUT');
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    const body = (await checkout).postDataJSON() as Record<string, any>;
    expect(body.userData).toEqual({ name: 'Tunde Bakare', email: 'tunde.guest@example.com', phone: '+2348031234567', phoneCountryCode: '+234' });
    expect(body.orderData.recipient).toMatchObject({ name: AMAKA.name, phone: '+2348095551234', phoneCountryCode: '+234', method: 'delivery', state: 'lagos' });
    expect(body.orderData.recipient).not.toHaveProperty('altPhoneCountryCode');
    expect(body.orderData).not.toHaveProperty('adminNotes');

    // Stage 2: payment, with the order number; the stage is remembered.
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    await expect(page.getByTestId('order-number').first()).toHaveText(/\S+/);
    await expect(page.getByRole('listitem').filter({ hasText: 'Payment' }).first()).toHaveAttribute('aria-current', 'step');
    expect(await page.evaluate(() => localStorage.getItem('adire:checkoutStage'))).toBe('2');
    await expect(summary.getByTestId('order-total')).toHaveText('₦48,000');

    // Naira methods only; a manual transfer answers with where to send the money, quoting the order number.
    const orderNumber = (await page.getByTestId('order-number').first().textContent())!.trim();
    const methods = page.getByRole('radiogroup', { name: 'Payment method' });
    await expect(methods.getByRole('radio')).toHaveCount(4);
    const answer = page.waitForResponse((r) => r.url().includes('/update-payment-details/'));
    await methods.getByRole('radio', { name: /Bank transfer \(naira\)/ }).check();
    expect((await answer).request().postDataJSON()).toMatchObject({ currency: 'NGN', paymentMethod: 'gtbTransfer' });
    await expect(page.getByRole('region', { name: 'Payment instructions' }).or(errorToast(page, 'Unable to set payment method'))).toBeVisible();
    if (await page.getByRole('region', { name: 'Payment instructions' }).isVisible()) {
      await expect(page.getByRole('region', { name: 'Payment instructions' })).toContainText(orderNumber);
    }
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();

    // A reload comes back to the payment stage of the same order.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    expect(errors.filter((e) => !/update-payment-details|404|Failed to load resource/.test(e))).toEqual([]);
  });

  test('the server’s field problems show next to the fields', async ({ page }) => {
    await chooseNaira(page);
    await checkoutRoses(page);
    const form = page.getByRole('form', { name: 'Delivery details' });
    await fillSender(page, { name: 'Tunde Bakare', email: 'tunde.guest@example.com', phone: '0803 123 4567' });
    await fillDelivery(page);
    // The form and the server share one phone rule, so a client out of step with the server (an older
    // release) is played by rewriting the number on its way: the server's answer lands on the field.
    await page.route('**/v1/orders/order/checkout-order/**', async (route) => {
      const body = route.request().postDataJSON();
      body.orderData.recipient.phone = '+234123456789012345';
      await route.continue({ postData: JSON.stringify(body) });
    });
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    // Next to the field (and, with the form's own words now, in the server's summary above the button).
    await expect(form.getByRole('group', { name: 'Recipient' }).getByRole('alert').filter({ hasText: 'Recipient phone number is not a valid phone number' })).toBeVisible();
    await expect(form.getByLabel('Recipient phone number')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('heading', { name: 'Payment' })).toHaveCount(0);
  });

  test('a guest may create a free account with the checkout, and is then logged in', async ({ page }) => {
    const email = uniqueEmail('checkout-account');
    await chooseNaira(page);
    await checkoutRoses(page);
    const form = page.getByRole('form', { name: 'Delivery details' });
    await fillSender(page, { name: 'Chidi Okafor', email, phone: '0802 000 3333' });
    await form.getByLabel('Create a free account').check();
    // The password is required once the account is asked for.
    await form.getByLabel('Password').focus();
    await form.getByLabel('Sender name').focus();
    await expect(form.getByText('Password is required')).toBeVisible();
    await form.getByLabel('Password').fill('Hibiscus-2026');
    await fillDelivery(page);
    await form.getByLabel('Save this recipient for next time').check();
    await form.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(toast(page, `Your account was created: you are logged in as ${email}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('adire:user') ?? 'null') as { email: string; authToken: string; recipients: unknown[] } | null);
    expect(stored?.email).toBe(email);
    expect(stored?.authToken).toBeTruthy();
    expect(stored?.recipients).toHaveLength(1);
    // The handshake confirms the new session after a reload: the account button shows the sender's name.
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Chidi Okafor' })).toBeVisible();
  });
});
