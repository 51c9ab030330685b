import { expect, test, type Page } from '@playwright/test';

const ROSES = 'Ruby Romance Red Roses';

test.use({ timezoneId: 'Africa/Lagos' });

/** A Lagos day `n` days from `from` (YYYY-MM-DD), and as the drawer shows it ('D MMM YYYY'). */
function lagosDay(from: Date, n: number): { iso: string; shown: string; long: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(from);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  const iso = d.toISOString().slice(0, 10);
  const shown = `${d.getUTCDate()} ${d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
  const long = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(d);
  return { iso, shown, long };
}

async function addRosesAndOpen(page: Page) {
  await page.goto('/product-category/roses');
  await page.getByRole('combobox', { name: 'Currency' }).selectOption('NGN');
  await page.getByRole('button', { name: `Add ${ROSES} to cart` }).click();
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  return page.getByRole('dialog', { name: 'Cart' });
}

const storedDate = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('adire:deliveryDate') ?? 'null') as string | null);

test.describe('cart drawer details', () => {
  test('after the same-day cutoff (21:00 Lagos) the drawer offers tomorrow first, as the checkout does', async ({ page }) => {
    // 21:30 in Lagos today (UTC+1): the browser's clock only; timers keep running.
    const now = new Date();
    const evening = new Date(`${lagosDay(now, 0).iso}T20:30:00Z`);
    await page.clock.setFixedTime(evening);
    const today = lagosDay(evening, 0);
    const tomorrow = lagosDay(evening, 1);

    const drawer = await addRosesAndOpen(page);
    const date = drawer.getByPlaceholder('Select date');
    await date.fill(today.shown);
    await date.press('Enter');
    expect(await storedDate(page)).toBeNull();

    await date.fill(tomorrow.shown);
    await date.press('Enter');
    await expect(date).toHaveValue(tomorrow.shown);
    await expect.poll(() => storedDate(page)).toBe(tomorrow.iso);

    await drawer.getByRole('button', { name: 'Proceed to checkout' }).click();
    const form = page.getByRole('form', { name: 'Delivery details' });
    await expect(form.getByText(`The earliest day is ${tomorrow.long}.`)).toBeVisible();
    await expect(form.getByLabel('Delivery date')).toHaveAttribute('min', tomorrow.iso);
  });

  test("'Delivery date' is said once; 'Update Cart' from the checkout header closes the drawer and confirms", async ({ page }) => {
    const drawer = await addRosesAndOpen(page);
    await expect(drawer.getByText('Delivery date', { exact: true })).toHaveCount(1);
    await expect(drawer.getByText('Not set yet')).toBeVisible();

    await drawer.getByRole('button', { name: 'Proceed to checkout' }).click();
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText('Qty 1')).toBeVisible();

    await page.getByRole('button', { name: /^Cart/ }).click();
    await expect(drawer.getByText('Delivery date', { exact: true })).toHaveCount(1);
    await drawer.getByRole('group', { name: `Quantity of ${ROSES}` }).getByRole('button', { name: 'Increase quantity' }).click();
    await drawer.getByRole('button', { name: 'Update Cart' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Cart updated' })).toBeVisible();
    await expect(summary.getByText('Qty 2')).toBeVisible();
    await expect(summary.getByTestId('order-total')).toHaveText('₦90,000');
  });
});

test.describe("a cart line's picture (issue 42)", () => {
  test.use({ deviceScaleFactor: 1 });

  test('the drawer draws the line from its small variant (at most 256 w at DPR 1), not the full-size picture', async ({ page, browser }) => {
    await addRosesAndOpen(page);
    // A new visit with the same stored cart, on a page without the roses' card: nothing of the picture is
    // cached (a browser may reuse a larger variant it already has, as Chromium does with the card's).
    const context = await browser.newContext({ storageState: await page.context().storageState(), deviceScaleFactor: 1 });
    const later = await context.newPage();
    await later.goto('/order-tracker');
    await later.getByRole('button', { name: 'Cart, 1 item' }).click();
    const line = later.getByRole('dialog', { name: 'Cart' }).getByRole('listitem').filter({ hasText: ROSES });
    // Its sources (WebP for the art here, AVIF/WebP/JPEG for a photo) are announced at the box.
    await expect(line.locator('picture source').first()).toHaveAttribute('sizes', '64px');
    const picture = line.locator('picture img');
    // The variant the browser took: its width is in its address (`….w128.webp`).
    const taken = async () => picture.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : ''));
    await expect.poll(taken).toMatch(/\.w\d+\.(avif|webp|jpeg)\?v=/);
    const width = Number(/\.w(\d+)\./.exec(await taken())![1]);
    expect(width).toBeLessThanOrEqual(256);
    // and it fills the 64 px box (a `w` candidate's intrinsic size is the box).
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await context.close();
  });
});
