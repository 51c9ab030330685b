import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The impacts this shop does not accept (axe's 'minor' and 'moderate' are attached to the report, not failed). */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Scan the page as it is now with axe (its default rules: WCAG 2.x A and AA, and best practice) and
 * fail on any serious or critical violation, naming the rule and the elements. Every violation found
 * is attached to the test's report.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
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
