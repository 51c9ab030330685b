import { expect, test } from '@playwright/test';

test.use({ timezoneId: 'Africa/Lagos' });

test.describe('home and content pages', () => {
  test('the Valentine showcase turns slide by slide and each slide links to its section', async ({ page }) => {
    await page.goto('/');
    const showcase = page.getByRole('region', { name: 'Valentine’s Day showcase' });
    const first = showcase.getByRole('group', { name: /^1 of \d+:/ });
    await expect(first).toBeVisible();
    const slideCount = Number(/of (\d+)/.exec((await first.getAttribute('aria-label'))!)?.[1]);
    expect(slideCount).toBe(5);
    await showcase.getByRole('button', { name: 'Next slide' }).click();
    await expect(showcase.getByRole('group', { name: /^2 of 5: Forever roses/ })).toBeVisible();
    await expect(first).toBeHidden();
    await showcase.getByRole('button', { name: 'Champagne' }).click();
    await expect(showcase.getByRole('button', { name: 'Champagne' })).toHaveAttribute('aria-pressed', 'true');
    const slide = showcase.getByRole('group', { name: /Champagne$/ });
    await slide.getByRole('link', { name: /Shop all/ }).click();
    await expect(page).toHaveURL(/\/product-category\/wine-and-champagne$/);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

    test('only the showcase’s current slide is drawn, and the showcase never shrinks as it turns', async ({ page }) => {
      await page.goto('/');
      const showcase = page.getByRole('region', { name: 'Valentine’s Day showcase' });
      await expect(showcase.getByRole('group', { name: /^1 of 5:/ })).toBeVisible();
      const drawnCards = () => showcase.locator('[aria-roledescription="slide"] li').evaluateAll((cards) => cards.filter((card) => card.checkVisibility()).length);
      // The four cards of the first slide; the sixteen of the others wait until their slide is shown.
      expect(await drawnCards()).toBe(4);
      const heights = [(await showcase.boundingBox())!.height];
      for (let turn = 2; turn <= 5; turn++) {
        await showcase.getByRole('button', { name: 'Next slide' }).click();
        await expect(showcase.getByRole('group', { name: new RegExp(`^${turn} of 5:`) })).toBeVisible();
        heights.push((await showcase.boundingBox())!.height);
      }
      for (let i = 1; i < heights.length; i++) expect(heights[i], `the showcase's height at slide ${i + 1} of ${heights.join(', ')}`).toBeGreaterThanOrEqual(heights[i - 1]!);
      expect(await drawnCards()).toBe(4);
    });
  });

  test('featured picks switch by delivery location', async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('tablist', { name: 'Delivery location' });
    await expect(tabs.getByRole('tab', { name: 'Lagos' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: 'Popular in Lagos' }).getByRole('listitem').first()).toBeVisible();
    await tabs.getByRole('tab', { name: 'Abuja' }).click();
    await expect(tabs.getByRole('tab', { name: 'Abuja' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('list', { name: 'Popular in Abuja' }).getByRole('listitem').first()).toBeVisible();
    await tabs.getByRole('tab', { name: 'Abuja' }).press('ArrowRight');
    await expect(tabs.getByRole('tab', { name: 'Other locations' })).toBeFocused();
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible();
  });

  test("the header's Contact link lands on the contact section with the shop's details", async ({ page }) => {
    await page.goto('/product-category/roses');
    await page.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL(/\/#contact$/);
    const contact = page.locator('#contact');
    await expect(contact.getByRole('heading', { name: 'Contact us' })).toBeInViewport();
    await expect(contact.getByRole('link', { name: /^\+234/ }).first()).toHaveAttribute('href', /^tel:\+234/);
    await expect(contact.getByRole('link', { name: 'WhatsApp us' })).toHaveAttribute('href', /wa\.me/);
    await expect(contact.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  });

  // What the catalog owns must not move as its data arrives (the shell's frame is measured elsewhere).
  for (const path of ['/', '/product-category/roses', '/product/ruby-romance-red-roses']) {
    test(`nothing in the catalog shifts while ${path} loads`, async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { __catalogShift: number };
        w.__catalogShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
            const inCatalog = entry.sources.some((s) => s.node instanceof Element && (s.node.id === 'app-catalog' || s.node.closest('[data-boundary="catalog"]')));
            if (!entry.hadRecentInput && inCatalog) w.__catalogShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await expect(page.locator('[data-boundary="catalog"] img').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The pictures that came decoded, then two frames: what they moved has been reported by then
      // (pictures still waiting to load lazily, far below, come later whatever the wait).
      await page.evaluate(async () => {
        await Promise.all([...document.querySelectorAll<HTMLImageElement>('[data-boundary="catalog"] img')].filter((img) => img.complete).map((img) => img.decode().catch(() => {})));
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      });
      expect(await page.evaluate(() => (window as unknown as { __catalogShift: number }).__catalogShift)).toBeLessThan(0.02);
    });
  }

  test('the VIP page lists the VIP collection', async ({ page }) => {
    await page.goto('/vip');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('VIP');
    await expect(page).toHaveTitle(/VIP.* \| Adire Blooms$/);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
  });

  test('the blog lists posts and opens one', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible();
    await expect(page).toHaveTitle('Our Blog | Adire Blooms');
    const post = page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first();
    const title = (await post.getByRole('heading').textContent())!;
    await post.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Adire Blooms`);
    await expect(page.locator('article p').nth(2)).not.toBeEmpty();
  });

  test('the FAQ page answers questions', async ({ page }) => {
    await page.goto('/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja');
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ: how to buy fresh flowers and gifts in Lagos and Abuja' })).toBeVisible();
    await expect(page).toHaveTitle('FAQ | Adire Blooms');
    const question = page.locator('details').first();
    await question.locator('summary').click();
    await expect(question.locator('p')).toBeVisible();
  });
});
