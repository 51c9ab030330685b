import { describe, expect, it } from 'vitest';
import { normaliseEmail } from '../src/email';

// One rule for every address the shop reads: accounts, checkout, staff, the forms and the newsletter
// (which had a stricter copy of its own: an address a shopper could check out with was refused there).
describe('normaliseEmail: the newsletter reads addresses by the same rule as accounts and checkout', () => {
  it.each(['', 'not-an-email', 'ada@example', 'ada obi@example.com', '<script>@example.com', 'ada@obi@example.com', `${'a'.repeat(250)}@example.com`, 'ada@exa_mple.com'])(
    'refuses %j',
    (raw) => {
      expect(normaliseEmail(raw)).toBeNull();
    },
  );
  it.each([
    [' Kemi@Example.com ', 'kemi@example.com'],
    ['ada.obi+roses@example.com.ng', 'ada.obi+roses@example.com.ng'],
    ['josé@example.com', 'josé@example.com'],
  ])('takes %j as %j', (raw, address) => {
    expect(normaliseEmail(raw)).toBe(address);
  });
});
