import { expect, test } from '@playwright/test';
import { expectAccessible } from '../journeys/a11y';
import { requireDevMailbox, requireOperator } from '../support';
import { checkoutRoses } from './helpers';
import { expectNoSidewaysScroll, fillAllButTheDay, newManager, otherShopperTakes, PAGE_NOW, SCREENS, setCapacity } from './peakDays';

/**
 * Issue 29, items 3, 4 and 7: the checkout's delivery days for the chosen place. The next two weeks
 * are choices, a fully booked day disabled with its reason and "Only N left" beside a day with few
 * places; a later day typed into the date field gets its reason as the field's error. A shopper beaten
 * to a day's last place by another order (through the API, between choosing the day and submitting)
 * is told so, keeps the cart and the form, and checks out on another day.
 *
 * The page's clock is 10:00 in Lagos on Sun 10 Feb 2097 (peakDays.ts); every capacity set here is
 * removed again. Each screen has days of its own, since an order holds its day's place for 30 minutes.
 */
test.use({ timezoneId: 'Africa/Lagos' });

const DAYS = {
  desktop: { full: '2097-02-14', few: '2097-02-15', later: '2097-03-14', fewLater: '2097-03-03', last: '2097-02-18', other: '2097-02-19' },
  phone: { full: '2097-02-14', few: '2097-02-15', later: '2097-03-14', fewLater: '2097-03-03', last: '2097-02-20', other: '2097-02-21' },
} as const;

const LABELS: Record<string, string> = {
  '2097-02-14': 'Thu 14 Feb',
  '2097-02-15': 'Fri 15 Feb',
  '2097-02-18': 'Mon 18 Feb',
  '2097-02-19': 'Tue 19 Feb',
  '2097-02-20': 'Wed 20 Feb',
  '2097-02-21': 'Thu 21 Feb',
};

for (const screen of SCREENS) {
  const days = DAYS[screen.name];
  test.describe(`peak days in the checkout (${screen.name})`, () => {
    test.use({ viewport: screen.viewport });
    test.beforeEach(async ({ page }) => {
      requireOperator();
      await requireDevMailbox(page.request);
    });

    test('the next two weeks for the chosen place: a full day disabled with its reason, "Only 2 left" beside a day; a later full day is the field’s error', async ({ page }) => {
      test.setTimeout(240_000);
      const manager = await newManager(page);
      try {
        await setCapacity(page, manager, days.full, 'lagos', 0);
        await setCapacity(page, manager, days.few, 'lagos', 2);
        await setCapacity(page, manager, days.later, 'lagos', 0);
        await setCapacity(page, manager, days.fewLater, 'lagos', 2);
        await page.clock.install({ time: PAGE_NOW });
        await checkoutRoses(page);
        const form = await fillAllButTheDay(page);

        const list = form.getByRole('radiogroup', { name: 'Days in the next two weeks' });
        await expect(list.getByRole('radio')).toHaveCount(14);
        await expect(list.getByRole('radio', { name: `${LABELS[days.full]} Fully booked` })).toBeDisabled();
        await expect(list.getByRole('radio', { name: `${LABELS[days.few]} Only 2 left` })).toBeEnabled();
        await expect(list.getByText('Fully booked')).toBeVisible();
        await expect(list.getByText('Only 2 left')).toBeVisible();
        await expectNoSidewaysScroll(page);
        await form.getByRole('group', { name: 'Delivery day' }).screenshot({ path: test.info().outputPath(`checkout-days-${screen.name}.png`) });
        await expectAccessible(page, `the checkout's delivery days (${screen.name})`);

        // A later day, typed: its reason is the field's error, said at once.
        const date = form.getByLabel('Delivery date');
        await date.fill(days.later);
        await expect(form.getByRole('alert').filter({ hasText: '14 Mar: Fully booked. Choose another day.' })).toBeVisible();
        await expect(date).toHaveAttribute('aria-invalid', 'true');

        // A later day with two places left says so, as the list does for its days (issue 44, item 2).
        await date.fill(days.fewLater);
        await expect(form.getByRole('status').filter({ hasText: '3 Mar: Only 2 left' })).toBeVisible();
        await expect(date).not.toHaveAttribute('aria-invalid', 'true');

        // The capacity is Lagos's: a pick-up at a branch has the day.
        await form.getByRole('radio', { name: /^Pick-up/ }).check();
        await form.getByRole('combobox', { name: 'Pick-up location' }).selectOption('Lekki LPL');
        await expect(list.getByRole('radio', { name: LABELS[days.full], exact: true })).toBeEnabled();
      } finally {
        for (const day of [days.full, days.few, days.later, days.fewLater]) await setCapacity(page, manager, day, 'lagos', null);
      }
    });

    test('a shopper beaten to the last place is told, keeps the cart and the form, and checks out on another day', async ({ page }) => {
      test.setTimeout(240_000);
      const manager = await newManager(page);
      try {
        await setCapacity(page, manager, days.last, 'lagos', 1);
        await page.clock.install({ time: PAGE_NOW });
        await checkoutRoses(page);
        const form = await fillAllButTheDay(page);
        const list = form.getByRole('radiogroup', { name: 'Days in the next two weeks' });
        await list.getByRole('radio', { name: `${LABELS[days.last]} Only 1 left` }).check();
        await expect(form.getByLabel('Delivery date')).toHaveValue(days.last);

        // Meanwhile another shopper checks out for that day and takes its last place.
        expect(await otherShopperTakes(page.request, days.last)).toEqual({ status: 200, code: undefined });

        await form.getByRole('button', { name: 'Continue to payment' }).click();
        const [day, month] = [Number(days.last.slice(8)), 'Feb'];
        await expect(form.getByRole('alert').filter({ hasText: `${day} ${month} is fully booked: another shopper took the last place while you were checking out. Your cart is kept; choose another day.` })).toBeVisible();
        await expect(form.getByLabel('Delivery date')).toBeFocused();
        // Still the delivery stage, with the cart and everything typed.
        await expect(page.getByRole('list', { name: 'Checkout stages' }).getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');
        await expect(page.getByRole('button', { name: 'Cart (1)' })).toBeVisible();
        await expect(form.getByLabel('Recipient name')).toHaveValue('Amaka Obi');
        // The days were read again: that day is full now.
        await expect(list.getByRole('radio', { name: `${LABELS[days.last]} Fully booked` })).toBeDisabled();
        await form.getByRole('group', { name: 'Delivery day' }).screenshot({ path: test.info().outputPath(`day-full-${screen.name}.png`) });
        await expectAccessible(page, `the checkout after DAY_FULL (${screen.name})`);

        await list.getByRole('radio', { name: LABELS[days.other], exact: true }).check();
        await expect(form.getByRole('alert').filter({ hasText: 'fully booked' })).toHaveCount(0);
        await form.getByRole('button', { name: 'Continue to payment' }).click();
        await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible();
      } finally {
        await setCapacity(page, manager, days.last, 'lagos', null);
      }
    });
  });
}
