import { describe, expect, it } from 'vitest';
import { authConfigWith, DEFAULT_AUTH_CONFIG, loadAuthConfig } from '../src/domains/account';
import { bearerToken, generateCode, generateToken, hashToken, normaliseCode, normaliseEmail, passwordProblem } from '../src/domains/account';
import { cooldownLeftMs, cooldownMessage, escapeHtml, legacySha1Hash, parseLimit, retryAfterMs, tooManyAttemptsMessage, verifyLegacySha1 } from '../src/domains/account/testing';
import { codeMail, noAccountMail } from '../src/domains/account/testing';

describe('e-mail normalisation', () => {
  it('trims and lowercases', () => {
    expect(normaliseEmail('  Ada.Obi+Roses@Example.COM ')).toBe('ada.obi+roses@example.com');
  });
  it.each(['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@exa_mple.com', 'ada@@example.com', `${'a'.repeat(65)}@example.com`, 42, null])(
    'refuses %s',
    (value) => {
      expect(normaliseEmail(value)).toBeNull();
    },
  );
});

describe('password policy', () => {
  it('wants at least 8 characters, counted as characters not bytes', () => {
    expect(passwordProblem('1234567')).toBe('Password must be at least 8 characters long');
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('🌹🌹🌹🌹🌹🌹🌹')).toBe('Password must be at least 8 characters long');
    expect(passwordProblem('        ')).toBe('Password cannot be only spaces');
    expect(passwordProblem('x'.repeat(257))).toBe('Password must be at most 256 characters long');
  });
});

describe('session tokens', () => {
  it('are 256 random bits in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from([...tokens][0]!, 'base64url')).toHaveLength(32);
  });
  it('are stored as sha256 hex (known answer)', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
  it('are read from a Bearer header only when well formed', () => {
    const t = generateToken();
    expect(bearerToken(`Bearer ${t}`)).toBe(t);
    expect(bearerToken(`bearer  ${t} `)).toBe(t);
    expect(bearerToken(t)).toBeNull();
    expect(bearerToken(`Basic ${t}`)).toBeNull();
    expect(bearerToken('Bearer short')).toBeNull();
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken([`Bearer ${t}`])).toBeNull();
  });
});

describe('one-time codes', () => {
  it('are six digits, leading zeros kept, spread over the whole range', () => {
    const codes = Array.from({ length: 3000 }, generateCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(2950);
    const firstDigits = new Set(codes.map((c) => c[0]));
    expect(firstDigits.size).toBe(10); // includes '0': codes below 100000 are padded, not dropped
  });
  it('accept what a shopper types, tidied', () => {
    expect(normaliseCode(' 012 345 ')).toBe('012345');
    expect(normaliseCode('012-345')).toBe('012345');
    expect(normaliseCode(123456)).toBe('123456');
    expect(normaliseCode('12345')).toBeNull();
    expect(normaliseCode('12345a')).toBeNull();
    expect(normaliseCode(undefined)).toBeNull();
  });
});

describe('legacy password hashes', () => {
  it('recognise the old salted SHA-1 scheme (known answer) and nothing else', () => {
    expect(legacySha1Hash('123', 'abc')).toBe('abc:6367c48dd193d56ea7b0baad25b19455e529f5ee');
    expect(verifyLegacySha1('abc:6367c48dd193d56ea7b0baad25b19455e529f5ee', '123')).toBe(true);
    expect(verifyLegacySha1('abc:6367c48dd193d56ea7b0baad25b19455e529f5ee', '124')).toBe(false);
    expect(verifyLegacySha1('abc:6367c4', '123')).toBe(false);
    expect(verifyLegacySha1('no-separator', '123')).toBe(false);
    const salted = legacySha1Hash('Roses-2019');
    expect(salted).toMatch(/^[0-9a-f]{16}:[0-9a-f]{40}$/);
    expect(verifyLegacySha1(salted, 'Roses-2019')).toBe(true);
  });
});

describe('rate-limit windows', () => {
  const limit = { max: 3, windowMs: 60_000 };
  it('parse from config text', () => {
    expect(parseLimit('10/15m')).toEqual({ max: 10, windowMs: 900_000 });
    expect(parseLimit(' 60 / 10 ')).toEqual({ max: 60, windowMs: 600_000 });
    expect(parseLimit('5/30s')).toEqual({ max: 5, windowMs: 30_000 });
    expect(parseLimit('100/1h')).toEqual({ max: 100, windowMs: 3_600_000 });
    expect(() => parseLimit('ten')).toThrow(/looks like '10\/15m'/);
    expect(() => parseLimit('0/10m')).toThrow();
  });
  it('allow attempts while fewer than max fall inside the window', () => {
    expect(retryAfterMs([], limit, 100_000)).toBe(0);
    expect(retryAfterMs([50_000, 60_000], limit, 100_000)).toBe(0);
    // the oldest left the window: only two count
    expect(retryAfterMs([30_000, 50_000, 60_000], limit, 100_000)).toBe(0);
  });
  it('give the wait until the count drops below max', () => {
    expect(retryAfterMs([50_000, 60_000, 70_000], limit, 100_000)).toBe(10_000);
    // five counted, max three: three must leave, so the wait is for the third oldest
    expect(retryAfterMs([70_000, 50_000, 90_000, 60_000, 80_000], limit, 100_000)).toBe(30_000);
    expect(retryAfterMs([100_000, 100_000, 100_000], limit, 100_000)).toBe(60_000);
  });
  it('say how long to wait, in whole minutes rounded up', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(tooManyAttemptsMessage(60_000)).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(tooManyAttemptsMessage(60_001)).toBe('Too many attempts. Please wait 2 minutes and try again.');
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe('Too many attempts. Please wait 15 minutes and try again.');
  });
  it('count the resend cooldown from the last code', () => {
    expect(cooldownLeftMs(null, 60_000, 100_000)).toBe(0);
    expect(cooldownLeftMs(80_000, 60_000, 100_000)).toBe(40_000);
    expect(cooldownLeftMs(40_000, 60_000, 100_000)).toBe(0);
    expect(cooldownMessage(40_000)).toBe('A code was sent a moment ago. Please wait 40 seconds before requesting a new one.');
    expect(cooldownMessage(400)).toBe('A code was sent a moment ago. Please wait 1 second before requesting a new one.');
  });
});

describe('auth config', () => {
  it('has generous defaults and reads AUTH_* variables', () => {
    expect(loadAuthConfig({})).toEqual(DEFAULT_AUTH_CONFIG);
    const config = loadAuthConfig({ AUTH_TOKEN_TTL_DAYS: '7', AUTH_OTP_RESEND_SECONDS: '5', AUTH_LIMIT_LOGIN_IP: '3/1m' });
    expect(config.tokenTtlMs).toBe(7 * 24 * 3_600_000);
    expect(config.otpResendCooldownMs).toBe(5000);
    expect(config.limits.loginPerIp).toEqual({ max: 3, windowMs: 60_000 });
    expect(config.limits.loginPerAddress).toEqual(DEFAULT_AUTH_CONFIG.limits.loginPerAddress);
    expect(() => loadAuthConfig({ AUTH_LIMIT_LOGIN_IP: 'lots' })).toThrow();
    expect(() => loadAuthConfig({ AUTH_TOKEN_TTL_DAYS: '-1' })).toThrow(/AUTH_TOKEN_TTL_DAYS/);
    expect(authConfigWith({ limits: { loginPerIp: { max: 1, windowMs: 1000 } } }).limits.otpRequestPerIp).toEqual(DEFAULT_AUTH_CONFIG.limits.otpRequestPerIp);
  });
});

describe('mail', () => {
  const contact = { phones: ['+234 803 555 0142', '+234 909 555 0178'], supportEmail: 'hello@adireblooms.ng' };
  it('carries the code, its validity and the shop contact, in text and HTML, with the name escaped', () => {
    const mail = codeMail({ to: 'ada@example.com', name: '<Ada>', code: '012345', legacy: false, contact });
    expect(mail.subject).toBe('Your Adire Blooms one-time password');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('012345');
      expect(body).toContain('valid for 10 minutes');
      expect(body).toContain('+234 803 555 0142');
      expect(body).toContain('+234 909 555 0178');
      expect(body).toContain('hello@adireblooms.ng');
    }
    expect(mail.text).toContain('Hello <Ada>,');
    expect(mail.html).toContain('Hello &lt;Ada&gt;,');
    expect(mail.html).not.toContain('<Ada>');
    expect(codeMail({ to: 'x@example.com', name: null, code: '1', legacy: true, contact }).text).toContain('new, safer system');
  });
  it('tells an address without an account that no code was sent', () => {
    const mail = noAccountMail({ to: 'nobody@example.com', publicUrl: 'http://127.0.0.1:8080', contact });
    expect(mail.text).toContain('there is no Adire Blooms account with this address');
    expect(mail.text).not.toMatch(/\d{6}/);
    expect(mail.html).toContain('href="http://127.0.0.1:8080"');
  });
  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
