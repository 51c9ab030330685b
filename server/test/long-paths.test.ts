import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './helpers';

/**
 * A file name the file system refuses (longer than a name may be) is no file: a clear 404, never a
 * 500 (found by the API fuzzer: `/media/previews/home/<2,000 characters>.jpg` failed in the shell's
 * file lookup, which every unknown URL with an extension reaches).
 */
describe('file names too long for the file system', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    await shop.close();
  });

  const long = encodeURIComponent('ẹ'.repeat(2000));
  for (const url of [`/media/previews/home/${long}.jpg`, `/media/products/${long}.jpg`, `/v1/catalog/blog/${long}.js`, `/assets/${long}.js`, `/${long}.css`]) {
    it(`answers 404 for ${url.slice(0, 40)}…`, async () => {
      const res = await shop.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  }
});
