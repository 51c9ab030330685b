import { expect, test } from '@playwright/test';
import { requireDevMailbox } from '../support';

test.describe('alert banner', () => {
  test.use({ timezoneId: 'Africa/Lagos' });
  test('shows the server alert as text with prices filled in, and stays closed once closed', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Site alert' });
    await expect(banner).toContainText('Free delivery on orders above ₦50,000');
    await expect(banner).not.toContainText('{{');
    await banner.getByRole('button', { name: 'Close alert' }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Fresh flowers and gifts, delivered today in Lagos and Abuja' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Site alert' })).toHaveCount(0);
  });
});

test.describe('newsletter', () => {
  test("subscribes by the mailed confirmation link (a button, footer hidden), then the welcome mail's link unsubscribes (a button too)", async ({ page, request }) => {
    await requireDevMailbox(request);
    const email = `reader-${Date.now()}@example.com`;
    const inbox = async () => (await (await request.get(`/dev/mail.json?to=${encodeURIComponent(email)}`)).json()).data as { subject: string; text: string }[];
    const linkIn = (text: string, path: string) => new URL(new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(text)![0]);
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('We care about your data')).toBeVisible();
    await footer.getByRole('textbox', { name: 'Email address' }).fill(email);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox and open the link we sent to confirm your subscription' })).toBeVisible();

    // One mail: the confirmation. Opening its link confirms nothing by itself (mail scanners open links).
    const mails = await inbox();
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your subscription to the Adire Blooms newsletter']);
    const confirmLink = linkIn(mails[0]!.text, '/newsletter/confirm');
    await page.goto(confirmLink.pathname + confirmLink.search);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    expect(await inbox()).toHaveLength(1);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page.getByText('Your subscription is confirmed')).toBeVisible();

    const [welcome] = await inbox();
    expect(welcome!.subject).toBe('Welcome to the Adire Blooms newsletter');
    // Opening the unsubscribe link unsubscribes nothing by itself either: the reader's button does.
    const unsubscribeCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/v1/storefront/unsubscribe') unsubscribeCalls.push(req.method());
    });
    const unsubscribeLink = linkIn(welcome!.text, '/unsubscribe');
    await page.goto(unsubscribeLink.pathname + unsubscribeLink.search);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByText('Stop sending the Adire Blooms newsletter to this address?')).toBeVisible();
    const button = page.getByRole('button', { name: 'Unsubscribe' });
    await expect(button).toBeEnabled();
    expect(unsubscribeCalls).toEqual([]);
    await button.click();
    await expect(page.getByText('will receive no more newsletters from Adire Blooms')).toBeVisible();
    expect(unsubscribeCalls).toEqual(['POST']);
  });

  test('an invalid address gets a clear error toast', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill('not-an-email');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Unable to subscribe: Enter a valid email address' })).toBeVisible();
  });
});

test.describe('error fallback', () => {
  test('a shell crash reloads by itself 3 times, then shows the error screen; Try again? recovers', async ({ page }) => {
    // The shop's contact data comes in a shape the footer cannot read: in the API's answer, and in the
    // data a server-drawn page carries.
    await page.route('**/v1/storefront/shop?**', (route) => route.fulfill({ json: { data: { phones: 5 } } }));
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const res = await route.fetch();
        const html = (await res.text()).replace(/(<script type="application\/json" id="adire-page-data">)([^<]*)(<\/script>)/, (_all, open: string, json: string, close: string) => {
          const data = JSON.parse(json) as { frame?: { contact: unknown } };
          if (data.frame) data.frame.contact = { phones: 5 };
          return `${open}${JSON.stringify(data).replace(/</g, '\\u003c')}${close}`;
        });
        await route.fulfill({ response: res, body: html });
      },
    );
    // Count the documents asked for: a crash can reload before the page's load event fires.
    let loads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads++;
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Oops, there is an error!' })).toBeVisible({ timeout: 15_000 });
    expect(loads).toBe(4); // the first load and 3 automatic reloads
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');

    await page.unroute('**/v1/storefront/shop?**');
    await page.unrouteAll();
    await page.getByRole('button', { name: 'Try again?' }).click();
    await expect(page.getByRole('heading', { name: 'Fresh flowers and gifts, delivered today in Lagos and Abuja' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Oops, there is an error!' })).toHaveCount(0);
  });
});

test('the route progress bar steps up while a route loads and finishes when it has mounted', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-boundary="catalog"]')).toBeAttached();
  // The drawn home page is taken over by the scripts (the shell then routes the menu's links itself):
  // a click before that is an ordinary page load of the tracker, with no route to load.
  await expect(page.locator('[data-region="catalog"] > .region-app')).not.toHaveAttribute('data-drawn');
  // Make the checkout remote slow to arrive, as on a poor connection: its file comes late, but its
  // server answers (the shell's look at a load still under way after 2.5 s, a HEAD, is not held), so
  // the remote is slow, not silent, and mounts by itself.
  await page.route('**/releases/checkout/**/remoteEntry.js', async (route) => {
    if (route.request().method() === 'HEAD') return route.continue();
    await new Promise((r) => setTimeout(r, 2_500));
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Track' }).click();
  const bar = page.getByRole('progressbar', { name: 'Loading page' });
  await expect(bar).toHaveAttribute('aria-valuenow', '10');
  await expect(bar).toHaveAttribute('aria-valuenow', '20', { timeout: 2_000 });
  await expect(page.getByRole('heading', { name: 'Track your order' })).toBeVisible();
  await expect(bar).toHaveCount(0);
});
