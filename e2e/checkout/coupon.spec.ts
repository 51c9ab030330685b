import { expect, test } from '@playwright/test';
import { requireOperator, withShopDb } from '../support';
import { checkoutRoses, chooseNaira, toast } from './helpers';

// Seeded coupons (server/src/domains/orders/seed.ts): BLOOM10 10% from ₦20,000; LAGOS5000 ₦5,000 off
// from ₦40,000; EXPIRED2025 expired at the end of 2025.
test.describe('checkout: coupons', () => {
  test('a wrong or expired code is explained; a good one lowers the total and can be removed', async ({ page }) => {
    await chooseNaira(page);
    await checkoutRoses(page);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const coupon = summary.getByRole('form', { name: 'Coupon' });
    await expect(summary.getByTestId('order-total')).toHaveText('₦45,000');

    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByRole('alert')).toHaveText('Coupon code is required');

    await coupon.getByLabel('Coupon code').fill('NOPE');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByRole('alert')).toHaveText("The coupon code 'NOPE' is not valid. Check the spelling and try again.");

    await coupon.getByLabel('Coupon code').fill('expired2025');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(coupon.getByRole('alert')).toContainText('Coupon EXPIRED2025 expired on');

    await coupon.getByLabel('Coupon code').fill(' bloom10 ');
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Coupon BLOOM10 applied: 10% off')).toBeVisible();
    await expect(summary.getByText('Discount (BLOOM10)')).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: '−₦4,500' })).toBeVisible();
    await expect(summary.getByTestId('order-total')).toHaveText('₦40,500');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('adire:coupon') ?? 'null')?.code)).toBe('BLOOM10');

    // It survives a reload (the order holds it) …
    await page.reload();
    await expect(summary.getByTestId('order-total')).toHaveText('₦40,500');

    // … and can be taken off again.
    await summary.getByRole('button', { name: 'Remove coupon' }).click();
    await expect(toast(page, 'Coupon BLOOM10 removed')).toBeVisible();
    await expect(summary.getByTestId('order-total')).toHaveText('₦45,000');
    await expect(summary.getByText(/^Discount/)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('adire:coupon'))).toBeNull();
  });

  test('a one-use coupon held for 30 minutes and used up meanwhile comes off with a clear sentence (issue 19, item 4)', async ({ page, request }) => {
    requireOperator();
    // A coupon of this test's own: ₦2,000 off, one use.
    const code = `ONCE${Date.now().toString(36).toUpperCase()}`;
    await withShopDb((db) =>
      db.kysely.insertInto('coupon').values({ code, kind: 'fixed', amount: 2000, min_order_ngn: 0, expires_at: null, usage_limit: 1, used_count: 0, active: 1, created_at: new Date().toISOString() }).execute(),
    );
    await chooseNaira(page);
    const orderId = await checkoutRoses(page);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const coupon = summary.getByRole('form', { name: 'Coupon' });
    await coupon.getByLabel('Coupon code').fill(code);
    await coupon.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByTestId('order-total')).toHaveText('₦43,000');
    const mine = (await (await request.get(`/v1/orders/order/${orderId}?business=adire-blooms`)).json()).data;

    // Half an hour passes (the hold's end moved back), and another shopper takes the last use.
    await withShopDb((db) => db.kysely.updateTable('coupon_redemption').set({ held_until: new Date(Date.now() - 60_000).toISOString() }).where('order_id', '=', orderId).execute());
    const other = await request.post('/v1/orders/order/create', { data: { business: 'adire-blooms', currency: 'NGN', deliveryDate: '', cartItems: [{ SKU: mine.cartItems[0].SKU, quantity: 1 }] } });
    expect(other.status(), await other.text()).toBe(201);
    const taken = await request.post('/v1/coupon/validate?business=adire-blooms', { data: { business: 'adire-blooms', code, order: (await other.json()).data.id } });
    expect(taken.status(), await taken.text()).toBe(200);

    await page.reload();
    await expect(summary.getByRole('status')).toHaveText(`The coupon ${code} was held for 30 minutes and has since been used up, so it was taken off this order: the total is now ₦45,000.`);
    await expect(summary.getByTestId('order-total')).toHaveText('₦45,000');
    await expect(summary.getByText(/^Discount/)).toHaveCount(0);
  });
});
