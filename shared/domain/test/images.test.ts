import type { ImageVariants } from '@adire/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boxPicture, IMAGE_LARGEST_BOX, IMAGE_SIZES, pickWidth, responsivePicture, SAVE_DATA_MAX_DENSITY, saveDataSizes, sizesEntries, srcSetOf, variantUrl } from '../src/images';

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

/** A screen, as a browser evaluates `sizes` on it (the media features and units IMAGE_SIZES use). */
interface Screen {
  width: number;
  height: number;
  dpr: number;
}

function matches(condition: string, screen: Screen): boolean {
  if (!condition) return true;
  return condition.split(/\s+and\s+/).every((part) => {
    const m = /^\((min-width|max-width|min-resolution):\s*([\d.]+)(px|dppx)\)$/.exec(part.trim());
    if (!m) throw new Error(`no such condition in the model: ${part}`);
    const value = Number(m[2]);
    return m[1] === 'min-width' ? screen.width >= value : m[1] === 'max-width' ? screen.width <= value : screen.dpr >= value;
  });
}

function lengthPx(length: string, screen: Screen): number {
  const js = length
    .replace(/calc\(/g, '(')
    .replace(/min\(/g, 'Math.min(')
    .replace(/([\d.]+)px/g, '$1')
    .replace(/([\d.]+)vw/g, `($1*${screen.width}/100)`)
    .replace(/([\d.]+)vh/g, `($1*${screen.height}/100)`);
  return Number(new Function(`return ${js}`)());
}

/** The width a browser takes from a `w` srcset with these `sizes` (the first matching entry, then pickWidth). */
function chosen(widths: number[], sizes: string, screen: Screen): number {
  const entry = sizesEntries(sizes).find((e) => matches(e.condition, screen))!;
  return pickWidth(widths, lengthPx(entry.length, screen), screen.dpr);
}

const widthsOf = (srcSet: string) => srcSet.split(', ').map((c) => Number(/ (\d+)w$/.exec(c)![1]));

describe('pictures for a shopper who saves data (issue 42, item 4)', () => {
  const big: ImageVariants = { ...photo, widths: [320, 480, 720, 1080, 1600] };
  const usual = [1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.5, 4];

  it('reads a sizes list into conditions and lengths, functions with commas inside included', () => {
    expect(sizesEntries(IMAGE_SIZES.productMain)).toEqual([
      { condition: '(min-width: 1200px)', length: '568px' },
      { condition: '(min-width: 860px)', length: 'calc(50vw - 32px)' },
      { condition: '(max-width: 650px)', length: 'min(calc(100vw - 32px), 42vh)' },
      { condition: '', length: 'calc(100vw - 32px)' },
    ]);
    expect(sizesEntries('100vw')).toEqual([{ condition: '', length: '100vw' }]);
  });

  it('gives the smallest variant that fills the box at the pixel ratio capped at 1.5, never a larger one than without', () => {
    for (const sizes of Object.values(IMAGE_SIZES)) {
      const normal = responsivePicture({ src: 'x.jpeg', variants: big }, { sizes });
      const saving = responsivePicture({ src: 'x.jpeg', variants: big }, { sizes, saveData: true });
      expect(saving.img.sizes).toBe(saveDataSizes(sizes));
      expect(saving.sources.map((s) => s.sizes)).toEqual([saveDataSizes(sizes), saveDataSizes(sizes)]);
      const offered = widthsOf(saving.img.srcSet!);
      for (let width = 320; width <= 1600; width += 11) {
        for (const dpr of usual) {
          const screen = { width, height: Math.round(width * 1.8), dpr };
          const box = lengthPx(sizesEntries(sizes).find((e) => matches(e.condition, screen))!.length, screen);
          const taken = chosen(offered, saving.img.sizes!, screen);
          expect(taken, `${sizes} at ${width} px, DPR ${dpr}`).toBe(pickWidth(big.widths, box, Math.min(dpr, SAVE_DATA_MAX_DENSITY)));
          expect(taken).toBeLessThanOrEqual(chosen(widthsOf(normal.img.srcSet!), sizes, screen));
        }
      }
    }
  });

  it('offers no width past the one that fills the largest box at 1.5 (a card: 480 w at most; a thumbnail: 320 w)', () => {
    expect(widthsOf(responsivePicture({ src: 'x', variants: big }, { sizes: IMAGE_SIZES.card, saveData: true }).img.srcSet!)).toEqual([320, 480]);
    expect(widthsOf(responsivePicture({ src: 'x', variants: big }, { sizes: IMAGE_SIZES.thumb, saveData: true }).img.srcSet!)).toEqual([320]);
    expect(widthsOf(responsivePicture({ src: 'x', variants: big }, { sizes: IMAGE_SIZES.productMain, saveData: true }).img.srcSet!)).toEqual(big.widths);
    expect(IMAGE_LARGEST_BOX[IMAGE_SIZES.card]).toBe(310);
    // Art has nothing to choose from: the same picture.
    expect(responsivePicture({ src: 'a.svg' }, { sizes: IMAGE_SIZES.card, saveData: true })).toEqual(responsivePicture({ src: 'a.svg' }, { sizes: IMAGE_SIZES.card }));
  });
});

describe("a cart line's picture: boxPicture (drawer 64 px, order summary 56 px; issue 42)", () => {
  const photoWithSmall: ImageVariants = { ...photo, widths: [128, 192, 320, 480, 720, 1080] };
  const usual = [1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.5, 4];

  it('is responsivePicture at its box: `sizes` the box, the same sources and srcset; the 128 w variant at DPR 1 and 2, 192 w at 3', () => {
    for (const box of [64, 56]) {
      const p = boxPicture({ src: 'x.w1080.jpeg', variants: photoWithSmall }, { box });
      expect(p).toEqual(responsivePicture({ src: 'x.w1080.jpeg', variants: photoWithSmall }, { sizes: `${box}px`, width: box, height: box }));
      expect(p.img).toMatchObject({ src: 'x.w1080.jpeg', sizes: `${box}px`, width: box, height: box });
      expect([1, 2, 3].map((dpr) => pickWidth(widthsOf(p.img.srcSet!), box, dpr))).toEqual([128, 128, 192]);
    }
  });

  it("with Save-Data, a browser takes at every pixel ratio the smallest variant that fills the box at 1.5 (as responsivePicture's capped sizes, never more)", () => {
    for (const widths of [photoWithSmall.widths, [320, 480, 720], [100], [96, 128, 200]]) {
      for (const box of [64, 56]) {
        const variants = { ...photoWithSmall, widths };
        const saving = boxPicture({ src: 'x', variants }, { box, saveData: true });
        const capped = responsivePicture({ src: 'x', variants }, { sizes: `${box}px`, width: box, height: box, saveData: true });
        for (const dpr of usual) {
          const screen = { width: 400, height: 800, dpr };
          const taken = chosen(widthsOf(saving.img.srcSet!), saving.img.sizes!, screen);
          expect(taken, `${widths} at ${box} px, DPR ${dpr}`).toBe(pickWidth(widths, box, Math.min(dpr, SAVE_DATA_MAX_DENSITY)));
          // never more than the capped sizes give (which round their factor up, so at times one width more)
          expect(taken).toBeLessThanOrEqual(chosen(widthsOf(capped.img.srcSet!), capped.img.sizes!, screen));
        }
        expect(saving.sources.map((s) => [s.type, widthsOf(s.srcSet), s.sizes])).toEqual(['image/avif', 'image/webp'].map((t) => [t, widthsOf(saving.img.srcSet!), `${box}px`]));
      }
    }
    expect(widthsOf(boxPicture({ src: 'x', variants: photoWithSmall }, { box: 64, saveData: true }).img.srcSet!)).toEqual([128]);
  });

  it("draws its src when a line has no variants, or a stored line's are not well formed (the browser's storage may hold anything)", () => {
    expect(boxPicture({ src: 'a.svg' }, { box: 64 })).toEqual({ sources: [], img: { src: 'a.svg', width: 64, height: 64 } });
    for (const variants of [{}, { url: 5, widths: [128], formats: ['jpeg'] }, { url: 'x.w{width}.{format}', widths: 'all', formats: ['jpeg'] }, { url: 'x', widths: [128] }]) {
      const image = { src: 'a.jpeg', variants: variants as unknown as ImageVariants };
      expect(boxPicture(image, { box: 56, saveData: true })).toEqual({ sources: [], img: { src: 'a.jpeg', width: 56, height: 56 } });
      expect(responsivePicture(image, { sizes: IMAGE_SIZES.card, width: 400 })).toEqual({ sources: [], img: { src: 'a.jpeg', width: 400, height: 400 } });
    }
  });
});
