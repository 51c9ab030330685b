import { expect, test, type Locator, type Page } from '@playwright/test';
import { drawEverything } from '../support';

/**
 * What lies far below the first screen waits to be drawn (issue 42): the footer on every page, the
 * home page's picks, categories and contact section, and a product's reviews and recommendations are
 * neither laid out nor painted on a first load (content-visibility), which made the first layout a
 * long task on a phone. Each stands in with the size it is drawn at, so the page is as long, a jump
 * to #contact lands as before, and once near it is drawn whole, focus rings included.
 */

test.use({ timezoneId: 'Africa/Lagos' });

const PRODUCT = '/product/ruby-romance-red-roses';

/** Whether the browser draws the part's content now (false while content-visibility: auto skips it). */
const drawn = (l: Locator) => l.evaluate((e) => e.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));

/** Each far-below part's height as it stands in (undrawn), then as drawn, and the page's length either way. */
async function standInsAndDrawn(page: Page, selectors: string[]) {
  const measure = () =>
    page.evaluate((sels) => {
      const parts = sels.map((s) => document.querySelector(s)!);
      return { heights: parts.map((e) => e.getBoundingClientRect().height), drawn: parts.every((e) => e.firstElementChild!.checkVisibility({ contentVisibilityAuto: true })), length: document.documentElement.scrollHeight };
    }, selectors);
  const before = await measure();
  const putBack = await drawEverything(page);
  const drawnNow = await measure();
  await putBack();
  expect(drawnNow.drawn, 'every part drawn to be measured').toBe(true);
  return { standIns: before.heights, drawnHeights: drawnNow.heights, length: before.length, drawnLength: drawnNow.length };
}

const HOME_PARTS = ['section[aria-labelledby="picks-heading"]', 'section[aria-labelledby="categories-heading"]', '#contact', 'footer'];
const PRODUCT_PARTS = ['section[aria-labelledby="reviews-heading"]', 'section[aria-labelledby="recommendations-heading"]', 'footer'];

for (const screen of [{ name: 'a 412 px phone', viewport: { width: 412, height: 780 } }, { name: 'a desktop', viewport: { width: 1280, height: 800 } }]) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    for (const [path, parts] of [['/', HOME_PARTS], [PRODUCT, PRODUCT_PARTS]] as const) {
      test(`${path}: the parts far below wait to be drawn, standing in at the size they are drawn at`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        // Those below the first screen and its margin are skipped on a first load, not drawn.
        for (const selector of parts.slice(-2)) expect(await drawn(page.locator(selector)), `${selector} is not drawn yet`).toBe(false);
        const { standIns, drawnHeights, length, drawnLength } = await standInsAndDrawn(page, [...parts]);
        // Each stands in within a fifth of its drawn height, and the page's length within 5 %, so a
        // scroll bar or a jump lands where it will once drawn.
        parts.forEach((selector, i) => expect(Math.abs(standIns[i]! - drawnHeights[i]!), `${selector}: ${standIns[i]} px standing in, ${drawnHeights[i]} px drawn`).toBeLessThanOrEqual(drawnHeights[i]! / 5));
        expect(Math.abs(length - drawnLength), `the page: ${length} px before, ${drawnLength} px drawn`).toBeLessThanOrEqual(drawnLength * 0.05);
        // Scrolled to, each is drawn whole, with its own size kept.
        for (const selector of parts) {
          const part = page.locator(selector);
          await part.scrollIntoViewIfNeeded();
          await expect.poll(() => drawn(part)).toBe(true);
        }
      });
    }

    test('a category link at the edge of its section shows its whole focus ring once drawn', async ({ page }) => {
      await page.goto('/');
      const link = page.getByRole('list', { name: 'Categories' }).getByRole('link').first();
      await link.scrollIntoViewIfNeeded();
      await link.focus();
      await expect(link).toBeFocused();
      // The ring (3 px, 2 px off the link) lies partly outside the section, which clips what it paints
      // at its box but for its overflow-clip-margin: the pixel 3 px left of the link is the ring's.
      const box = (await link.boundingBox())!;
      const section = (await page.locator('section[aria-labelledby="categories-heading"]').boundingBox())!;
      expect(box.x - 3, 'the ring would cross the section\'s edge').toBeLessThan(section.x);
      const shot = await page.screenshot({ clip: { x: Math.round(box.x) - 3, y: Math.round(box.y + box.height / 2), width: 1, height: 1 } });
      const pixel = await page.evaluate(async (png) => {
        const img = new Image();
        img.src = `data:image/png;base64,${png}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      }, shot.toString('base64'));
      // --ab-color-accent, #1f6f5c: the focus ring's colour.
      expect(pixel, `rgb(${pixel.join(', ')})`).toEqual([0x1f, 0x6f, 0x5c]);
    });
  });
}

test('on a phone, the header\'s Contact link lands on the contact section though the parts above it are not drawn', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 780 });
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  await page.goto('/#contact');
  const heading = page.getByRole('heading', { name: 'Contact us' });
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('link', { name: /WhatsApp/ }).first()).toBeVisible();
});
