import { describe, expect, it } from 'vitest';
import { whatsAppDigits, whatsAppLink } from '../src/whatsapp';

describe('whatsAppDigits: the one rule for the digits wa.me needs', () => {
  it.each([
    ['https://wa.me/2348035550142', '2348035550142'],
    ['https://wa.me/+234 803 555 0142', '2348035550142'],
    ['https://api.whatsapp.com/send?phone=2348035550142&text=hi', '2348035550142'],
    ['+234 803 555 0142', '2348035550142'],
    ['0803-555-0142', '2348035550142'],
    ['(0803) 555 0142', '2348035550142'],
    ['2348035550142', '2348035550142'],
    ['+44 20 7946 0958', '442079460958'],
  ])('%s → %s', (contact, digits) => {
    expect(whatsAppDigits(contact)).toBe(digits);
  });

  it.each(['', '   ', 'https://wa.me/', 'call us', '+234 12', 'https://example.com/2348035550142x'])('%j holds no number', (contact) => {
    expect(whatsAppDigits(contact)).toBe('');
  });
});

describe('whatsAppLink', () => {
  it('opens a chat with the shop, the text typed in and encoded', () => {
    expect(whatsAppLink('Hello, my order AB-2025-0042 & more?', 'https://wa.me/2348035550142')).toBe(
      'https://wa.me/2348035550142?text=Hello%2C%20my%20order%20AB-2025-0042%20%26%20more%3F',
    );
  });
  it('without a number lets WhatsApp ask whom to send it to', () => {
    expect(whatsAppLink('Look: https://shop.example.ng/product/roses')).toBe('https://wa.me/?text=Look%3A%20https%3A%2F%2Fshop.example.ng%2Fproduct%2Froses');
  });
});
