import { expect, test, type Locator, type Page } from '@playwright/test';
import { drawEverything } from '../support';

/**
 * What lies far below the first screen waits to be drawn (issue 42): the footer on every page (all
 * but its newsletter band) and a product's reviews and recommendations are neither laid out nor
 * painted on a first load (content-visibility), which made the first layout a long task on a phone. Each stands in with the
 * size it is drawn at, so the page is as long, and once near it is drawn whole, shadows included.
 * (The home page's sections below the showcase did the same for a while: on a desktop, where the
 * first of them ends the first screen, Chromium then counted a layout shift of 0.68 on some loads,
 * the section and the showcase's cards "moving" from 0,0 — see ssr/first-screen.spec.ts.)
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

const FOOTER = 'footer > [class*="farBelow"]';
const HOME_PARTS = [FOOTER];
const PRODUCT_PARTS = ['section[aria-labelledby="reviews-heading"]', 'section[aria-labelledby="recommendations-heading"]', FOOTER];

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

    // At DOMContentLoaded Chrome's autofill asks every form field whether it can take focus, and a
    // field inside a part that waits to be drawn makes the browser lay that whole part out there and
    // then: the footer's newsletter field did so on every page, a long task beside the first paint.
    for (const path of ['/', '/product-category/flowers-for-love-birthday-anniversary-etc', PRODUCT, '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja']) {
      test(`${path}: no form field sits in a part that waits to be drawn`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        const inside = await page.evaluate(() =>
          [...document.querySelectorAll('input, select, textarea')].flatMap((field) => {
            for (let part = field.parentElement; part; part = part.parentElement) {
              if (getComputedStyle(part).contentVisibility === 'auto') return [`${field.outerHTML.slice(0, 80)} in <${part.tagName.toLowerCase()} class="${part.className}">`];
            }
            return [];
          }),
        );
        expect(inside).toEqual([]);
        // The newsletter's field is still there, drawn with the page.
        await expect(page.getByRole('form', { name: 'Newsletter' }).getByLabel('Email address')).toBeAttached();
      });
    }

    test('a recommended card at the edge of its section shows its whole shadow on hover once drawn', async ({ page }) => {
      await page.goto(PRODUCT);
      const section = page.locator('section[aria-labelledby="recommendations-heading"]');
      await section.scrollIntoViewIfNeeded();
      await expect.poll(() => drawn(section)).toBe(true);
      const card = section.getByRole('listitem').first();
      await card.hover();
      // The shadow (0 6px 24px) spreads past the section's left edge, which clips what the section
      // paints at its box but for its overflow-clip-margin: 4 px left of the card is in the shadow.
      const box = (await card.boundingBox())!;
      const edge = (await section.boundingBox())!;
      expect(box.x - 4, 'the shadow would cross the section\'s edge').toBeLessThan(edge.x);
      const shot = await page.screenshot({ clip: { x: Math.round(box.x) - 4, y: Math.round(box.y + box.height / 2), width: 1, height: 1 } });
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
      // The page's background is rgb(251, 247, 242); in the shadow it is darker.
      expect(pixel[0]! + pixel[1]! + pixel[2]!, `rgb(${pixel.join(', ')})`).toBeLessThan(251 + 247 + 242 - 6);
    });
  });
}
