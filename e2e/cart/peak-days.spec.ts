import { expect, test } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { newManager, PAGE_NOW, rosesInTheDrawer, SCREENS, setCapacity } from '../checkout/peakDays';
import { requireDevMailbox, requireOperator } from '../support';
import { backoffice } from '../backoffice/staff';

const backofficeCall = (page: import('@playwright/test').Page, manager: { token: string }, body: Record<string, unknown>) => backoffice(page, 'POST', 'settings/delivery', manager.token, body);

/**
 * Issue 29, items 4 and 7: the drawer's date picker shows what a manager set for a peak day. A fully
 * booked day is disabled and says why (to the mouse, the keyboard and a screen reader); a day with
 * few places says "Only N left" once chosen; a day chosen earlier that has since filled is flagged.
 * The drawer knows no delivery state yet, so it counts Lagos's places (mf-cart README).
 *
 * Every capacity set here is removed again, so the specs after it keep unlimited days.
 */
test.use({ timezoneId: 'Africa/Lagos' });

const FULL = '2097-02-14';
const FEW = '2097-02-15';

const storedDate = (page: import('@playwright/test').Page) => page.evaluate(() => JSON.parse(localStorage.getItem('adire:deliveryDate') ?? 'null') as string | null);

for (const screen of SCREENS) {
  test.describe(`peak days in the cart drawer (${screen.name})`, () => {
    test.use({ viewport: screen.viewport });
    test.beforeEach(async ({ page }) => {
      requireOperator();
      await requireDevMailbox(page.request);
    });

    test('a fully booked day is disabled with its reason; a day with few places says "Only 3 left"; a chosen day that fills is flagged', async ({ page }) => {
      test.setTimeout(240_000);
      const manager = await newManager(page);
      try {
        await setCapacity(page, manager, FULL, 'lagos', 0);
        await setCapacity(page, manager, FEW, 'lagos', 3);
        await page.clock.install({ time: PAGE_NOW });

        const drawer = await rosesInTheDrawer(page);
        const line = drawer.getByRole('status');
        await drawer.getByPlaceholder('Select date').click();
        // The open calendar first says which days of the month cannot be taken.
        await expect(line).toHaveText('Not open in February: 14 Feb (Fully booked)');
        const full = page.getByRole('gridcell', { name: 'Not available Thursday, February 14th, 2097' });
        await expect(full).toHaveAttribute('aria-disabled', 'true');
        // The reason is the day's description (its title), and the line under the picker says it.
        await expect(full).toHaveAccessibleDescription('Fully booked');
        await full.hover();
        await expect(line).toHaveText('14 Feb: Fully booked');
        await page.screenshot({ path: test.info().outputPath(`drawer-calendar-${screen.name}.png`) });
        // Choosing it does nothing.
        await full.click({ force: true });
        expect(await storedDate(page)).toBeNull();

        // A day with three places left: its title and the line.
        const few = page.getByRole('gridcell', { name: 'Choose Friday, February 15th, 2097' });
        await expect(few).toHaveAccessibleDescription('Only 3 left');
        await few.hover();
        await expect(line).toHaveText('15 Feb: Only 3 left');
        // The keyboard: from the field into the calendar, day by day; the full day is skipped, and the
        // line speaks of the day focused.
        await drawer.getByPlaceholder('Select date').focus();
        await page.keyboard.press('ArrowDown');
        const thirteenth = page.getByRole('gridcell', { name: 'Choose Wednesday, February 13th, 2097' });
        for (let i = 0; i < 7 && !(await thirteenth.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowRight');
        await expect(thirteenth).toBeFocused();
        await expect(line).toHaveText('13 Feb: open');
        await page.keyboard.press('ArrowRight');
        await expect(few).toBeFocused();
        await expect(line).toHaveText('15 Feb: Only 3 left');
        await expectAccessible(page, `the cart drawer's open calendar with a full day (${screen.name})`);
        await few.click();
        expect(await storedDate(page)).toBe(FEW);
        await expect(drawer.getByText('15 Feb 2097')).toBeVisible();
        await expect(drawer.getByText('15 Feb: Only 3 left')).toBeVisible();
        await page.screenshot({ path: test.info().outputPath(`drawer-${screen.name}.png`) });

        // The last places go (set to none left): the day chosen earlier is flagged when the drawer opens again.
        await setCapacity(page, manager, FEW, 'lagos', 0);
        await drawer.getByRole('button', { name: 'Close cart' }).click();
        await page.getByRole('button', { name: 'Cart, 1 item' }).click();
        await expect(drawer.getByRole('alert')).toHaveText('15 Feb: Fully booked. Choose another day.');
        await expectAccessible(page, `the cart drawer with a flagged day (${screen.name})`);
      } finally {
        await setCapacity(page, manager, FULL, 'lagos', null);
        await setCapacity(page, manager, FEW, 'lagos', null);
      }
    });
  });
}

/**
 * Issue 44, item 1: a tap on a day that cannot be taken says that day's reason on a phone (a touch
 * screen: no hover, and the tap moves the calendar's focus), and on a desktop a click does the same;
 * the calendar's own focus never replaces it, and a new month shows its summary again.
 */
const CLOSED_EARLY = '2097-02-12';
for (const screen of SCREENS) {
  test.describe(`a tapped day's reason in the cart drawer (${screen.name})`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.name === 'phone', isMobile: screen.name === 'phone' });
    test.beforeEach(async ({ page }) => {
      requireOperator();
      await requireDevMailbox(page.request);
    });

    test('a tap on a fully booked day and on a day whose orders closed says its reason, and focus does not replace it', async ({ page }) => {
      test.setTimeout(240_000);
      const manager = await newManager(page);
      const press = (cell: import('@playwright/test').Locator) => (screen.name === 'phone' ? cell.tap({ force: true }) : cell.click({ force: true }));
      try {
        await setCapacity(page, manager, FULL, 'lagos', 0);
        const res = await backofficeCall(page, manager, { change: 'set-order-by', date: CLOSED_EARLY, closesAt: '2097-02-09 18:00' });
        expect(res.status(), await res.text()).toBe(200);
        await page.clock.install({ time: PAGE_NOW });

        const drawer = await rosesInTheDrawer(page);
        const line = drawer.getByRole('status');
        await drawer.getByPlaceholder('Select date').click();
        await expect(line).toHaveText('Not open in February: 12 Feb (Orders for 12 Feb closed at 6pm on 9 Feb); 14 Feb (Fully booked)');

        await press(page.getByRole('gridcell', { name: 'Not available Thursday, February 14th, 2097' }));
        await expect(line).toHaveText('14 Feb: Fully booked');
        await expect(line).toHaveAttribute('role', 'status'); // polite: announced without interrupting
        expect(await storedDate(page)).toBeNull();

        await press(page.getByRole('gridcell', { name: 'Not available Tuesday, February 12th, 2097' }));
        await expect(line).toHaveText('12 Feb: Orders for 12 Feb closed at 6pm on 9 Feb');
        await expectAccessible(page, `the cart drawer's calendar after a tap on a closed day (${screen.name})`);

        // Another month: its own summary (no day of it tapped yet), then back: February's.
        await press(page.getByRole('button', { name: 'Next Month' }));
        await expect(line).not.toContainText('Feb');
        await press(page.getByRole('button', { name: 'Previous Month' }));
        await expect(line).toHaveText('Not open in February: 12 Feb (Orders for 12 Feb closed at 6pm on 9 Feb); 14 Feb (Fully booked)');
        await press(page.getByRole('gridcell', { name: 'Not available Thursday, February 14th, 2097' }));
        await expect(line).toHaveText('14 Feb: Fully booked');
      } finally {
        await setCapacity(page, manager, FULL, 'lagos', null);
        await backofficeCall(page, manager, { change: 'clear-order-by', date: CLOSED_EARLY });
      }
    });
  });
}
