import { expect, test } from '@playwright/test';

/** Issue 34: share a product from its page (scripts on). */
test.describe('sharing a product', () => {
  test('"Share on WhatsApp" carries the name, the price in the shopper’s currency and the link; "Copy link" copies it', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/product/ruby-romance-red-roses');
    const copy = page.getByRole('button', { name: 'Copy link' });
    await expect(copy).toBeEnabled(); // the page runs
    const canonical = (await page.locator('link[rel="canonical"]').getAttribute('href'))!;
    expect(canonical).toMatch(/\/product\/ruby-romance-red-roses$/);

    const whatsApp = page.getByRole('link', { name: 'Share on WhatsApp' });
    const sharedText = async () => new URL((await whatsApp.getAttribute('href'))!).searchParams.get('text')!;
    expect(await whatsApp.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    await expect(whatsApp).toHaveAttribute('target', '_blank');
    await page.getByRole('banner').getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
    await expect.poll(sharedText).toBe(`Ruby Romance Red Roses — ₦45,000 at Adire Blooms: ${canonical}`);
    // In dollars the shared price follows (amount ÷ rate, rounded up: the shop's one rule).
    await page.getByRole('banner').getByRole('combobox', { name: 'Currency' }).selectOption('USD');
    await expect.poll(sharedText).toMatch(new RegExp(`^Ruby Romance Red Roses — \\$\\d+ at Adire Blooms: ${canonical.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`));

    await copy.click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);

    // The phone's own share sheet is offered only where the browser has one.
    const hasShareSheet = await page.evaluate(() => typeof navigator.share === 'function');
    await expect(page.getByRole('button', { name: 'Share…' })).toHaveCount(hasShareSheet ? 1 : 0);
  });
});
