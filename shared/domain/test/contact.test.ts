import { describe, expect, it } from 'vitest';
import { telLink } from '../src/contact';

describe('telLink: one rule for every tel: link (footer, home page, back office, mails)', () => {
  it.each([
    ['+234 803 555 0142', 'tel:+2348035550142'],
    ['+234 809 555 1234', 'tel:+2348095551234'],
    ['0809-555-1234', 'tel:08095551234'],
    ['(0803) 555 0142', 'tel:08035550142'],
    [' +234\u00a0803\t555 0142 ', 'tel:+2348035550142'],
  ])('%j → %j', (phone, link) => {
    expect(telLink(phone)).toBe(link);
  });
});
