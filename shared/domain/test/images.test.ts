import type { ImageVariants } from '@adire/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, pickWidth, responsivePicture, srcSetOf, variantUrl } from '../src/images';

const photo: ImageVariants = { url: '/media/products/ruby.w{width}.{format}?v=3f2a', widths: [320, 480, 720, 1080], formats: ['avif', 'webp', 'jpeg'] };

describe('responsive pictures', () => {
  it('fills the URL template', () => {
    expect(variantUrl(photo, 480, 'webp')).toBe('/media/products/ruby.w480.webp?v=3f2a');
    expect(srcSetOf(photo, 'avif')).toBe(
      '/media/products/ruby.w320.avif?v=3f2a 320w, /media/products/ruby.w480.avif?v=3f2a 480w, /media/products/ruby.w720.avif?v=3f2a 720w, /media/products/ruby.w1080.avif?v=3f2a 1080w',
    );
  });

  it('gives a photo AVIF then WebP sources and a JPEG img with the same sizes, and the box it is given', () => {
    const p = responsivePicture({ src: '/media/products/ruby.w1080.jpeg?v=3f2a', width: 4000, height: 3000, variants: photo }, { sizes: IMAGE_SIZES.card, width: 400, height: 400 });
    expect(p.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(p.sources.every((s) => s.sizes === IMAGE_SIZES.card)).toBe(true);
    expect(p.sources[1]!.srcSet).toBe(srcSetOf(photo, 'webp'));
    expect(p.img).toEqual({ src: '/media/products/ruby.w1080.jpeg?v=3f2a', srcSet: srcSetOf(photo, 'jpeg'), sizes: IMAGE_SIZES.card, width: 400, height: 400 });
  });

  it("keeps a photo's own size when the page gives none", () => {
    const p = responsivePicture({ src: 'x.jpeg', width: 4000, height: 3000, variants: photo }, { sizes: IMAGE_SIZES.productMain });
    expect([p.img.width, p.img.height]).toEqual([4000, 3000]);
    expect(responsivePicture({ src: 'x.jpeg', width: 4000, height: 3000 }, { sizes: '1px', width: 400 }).img).toMatchObject({ width: 400, height: 400 });
  });

  it('leaves art (no variants) as one plain img', () => {
    expect(responsivePicture({ src: '/media/products/ruby.svg?v=1' }, { sizes: IMAGE_SIZES.card, width: 400, height: 400 })).toEqual({
      sources: [],
      img: { src: '/media/products/ruby.svg?v=1', width: 400, height: 400 },
    });
    expect(responsivePicture({ src: 'a.svg', variants: { ...photo, widths: [] } }, { sizes: '1px' }).sources).toEqual([]);
    expect(responsivePicture({ src: 'a.svg' }, { sizes: '1px' }).img).toEqual({ src: 'a.svg', width: 800, height: 800 });
  });

  it('without a JPEG variant the img keeps only its src', () => {
    const p = responsivePicture({ src: 'a.webp', variants: { ...photo, formats: ['webp'] } }, { sizes: '100vw' });
    expect(p.sources).toHaveLength(1);
    expect(p.img.srcSet).toBeUndefined();
  });

  it('picks the width a browser would: the smallest that covers slot × DPR, else the largest', () => {
    expect(pickWidth(photo.widths, 346, 2.6)).toBe(1080); // a 412 × 823 phone's product picture (42vh)
    expect(pickWidth(photo.widths, 166, 2.6)).toBe(480);
    expect(pickWidth(photo.widths, 568, 2)).toBe(1080);
    expect(pickWidth([1080, 320], 100, 1)).toBe(320);
    expect(() => pickWidth([], 1, 1)).toThrow();
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { minLength: 1 }), fc.integer({ min: 1, max: 2000 }), fc.double({ min: 1, max: 4, noNaN: true }), (widths, slot, dpr) => {
        const w = pickWidth(widths, slot, dpr);
        expect(widths).toContain(w);
        if (w < slot * dpr) expect(w).toBe(Math.max(...widths));
        else expect(widths.filter((x) => x >= slot * dpr && x < w)).toEqual([]);
      }),
    );
  });
});
