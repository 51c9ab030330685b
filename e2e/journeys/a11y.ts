import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { drawEverything } from '../support';

/** The impacts this shop does not accept (axe's 'minor' and 'moderate' are attached to the report, not failed). */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Scan the page as it is now with axe (its default rules: WCAG 2.x A and AA, and best practice) and
 * fail on any serious or critical violation, naming the rule and the elements. Every violation found
 * is attached to the test's report.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // How it runs, for speed only (the same rules, the same violations): axe.run in the page itself, its
  // frames of the same origin included (legacy mode: the default's runPartial in each frame, then
  // finishRun in a new blank page, is for cross-origin frames, which no page of the shop has), and only
  // the violations listed node by node (axe still lists one node of each pass, not every one: 1.1 MB of
  // results sent back with the cart drawer's calendar open, 66 KB this way). A scan of that drawer on a
  // phone: 3.6–5.7 s the default way, 1.0–1.4 s this way (the spec below checks it still fails).
  // axe reads colours and overlaps from what is drawn. Parts far below the first screen wait to be drawn
  // until they come near (content-visibility: the footer, a product's reviews and recommendations): undrawn,
  // they have no colours to read (with the phone menu open, the footer's light text was taken to be on
  // white). So the scan draws every part first, as a shopper scrolling through sees them, then puts
  // the page back.
  const putBack = await drawEverything(page);
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  await putBack();
  if (results.violations.length > 0) {
    await test.info().attach(`axe: ${what}`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  }
  const blocking = results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => {
      const targets = v.nodes.map((n) => n.target.join(' '));
      return `${v.impact} ${v.id}: ${v.help} — ${targets.slice(0, 4).join(' | ')}${targets.length > 4 ? ` (+${targets.length - 4} more)` : ''}`;
    });
  expect(blocking, `serious or critical accessibility violations on ${what}`).toEqual([]);
}
