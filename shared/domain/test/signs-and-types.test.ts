import { CURRENCY_NAMES } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { IMAGE_MIME } from '../src/images';
import { currencySign, DEFAULT_CURRENCIES } from '../src/money';

// Rules that lived twice (issue 30, item 6): the back office's currency signs, the server's map of
// picture formats to media types.
describe('one home for small tables', () => {
  it('each currency has one sign: ₦, $, £ (the back office preview and the shop use currencySign)', () => {
    expect(CURRENCY_NAMES.map(currencySign)).toEqual(['₦', '$', '£']);
    for (const c of DEFAULT_CURRENCIES) expect(currencySign(c.name)).toBe(c.sign);
  });
  it('each picture format has one media type (the server serves variants with it, pages name it in <source type>)', () => {
    expect(IMAGE_MIME).toEqual({ avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' });
  });
});
