/**
 * Responsive pictures (issue 16, item 7): `srcset`, `sizes` and `<source type>` for a photo the server
 * serves in several widths and formats, the same in the browser and in a server render (pure: no
 * window, no DOM). Imported as `@adire/domain/images`, not from the package's root: the root is a
 * federation singleton that an older shell may provide, this module is bundled into whoever uses it.
 */
import type { ImageFormat, ImageVariants } from '@adire/contracts';

export const IMAGE_MIME: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/**
 * How wide pictures are drawn, in CSS pixels, for `sizes` (they follow the layout's CSS: the shell's
 * main column is at most 1200 px with 16 px padding; mf-catalog's product page goes two-column from
 * 860 px, and on phones (≤ 650 px) its square picture is at most 42% of the screen's height; product
 * cards are 155–260 px wide in every grid). Units a browser's preload scanner understands (`vh`, not
 * `svh`: with `svh` Chromium fetched one width early and another after layout).
 */
export const IMAGE_SIZES = {
  /** The product page's main picture. */
  productMain: '(min-width: 1200px) 568px, (min-width: 860px) calc(50vw - 32px), (max-width: 650px) min(calc(100vw - 32px), 42vh), calc(100vw - 32px)',
  /** A product card in a grid. */
  card: '(min-width: 700px) 260px, calc(50vw - 40px)',
  /** A gallery thumbnail. */
  thumb: '(max-width: 650px) 52px, 72px',
} as const;

/** Any picture the API describes: art has only `src` (and maybe a size); a photo has variants too. */
export interface PictureInput {
  src: string;
  width?: number;
  height?: number;
  variants?: ImageVariants;
}

export interface PictureSource {
  type: string;
  srcSet: string;
  sizes: string;
}

export interface ResponsivePicture {
  /** `<source>` elements in order of preference (AVIF, WebP); none for art. */
  sources: PictureSource[];
  /** The `<img>`: its own JPEG `srcSet` when there is one, and the box size that avoids a layout shift. */
  img: { src: string; srcSet?: string; sizes?: string; width: number; height: number };
}

export function variantUrl(variants: ImageVariants, width: number, format: ImageFormat): string {
  return variants.url.replace('{width}', String(width)).replace('{format}', format);
}

/** `url 320w, url 480w, …` for one format. */
export function srcSetOf(variants: ImageVariants, format: ImageFormat): string {
  return variants.widths.map((w) => `${variantUrl(variants, w, format)} ${w}w`).join(', ');
}

/**
 * Everything a `<picture>` needs. `width`/`height` are the box the page reserves (a square card says
 * 400 × 400); without them the picture's own size is used, else 800 × 800.
 */
export function responsivePicture(image: PictureInput, options: { sizes: string; width?: number; height?: number }): ResponsivePicture {
  const width = options.width ?? image.width ?? 800;
  const height = options.height ?? (options.width === undefined ? image.height : undefined) ?? width;
  const v = image.variants;
  if (!v || v.widths.length === 0 || v.formats.length === 0) return { sources: [], img: { src: image.src, width, height } };
  const sources = v.formats.filter((f) => f !== 'jpeg').map((f) => ({ type: IMAGE_MIME[f], srcSet: srcSetOf(v, f), sizes: options.sizes }));
  const img = v.formats.includes('jpeg') ? { src: image.src, srcSet: srcSetOf(v, 'jpeg'), sizes: options.sizes, width, height } : { src: image.src, width, height };
  return { sources, img };
}

/**
 * The width a browser takes from a `w` srcset for a slot `slotCssPx` wide at `dpr` device pixels per
 * CSS pixel: the smallest at least that many device pixels, else the largest (what Chromium does with
 * an empty cache). For benches and for a server that preloads the picture the browser will ask for.
 */
export function pickWidth(widths: readonly number[], slotCssPx: number, dpr: number): number {
  if (widths.length === 0) throw new Error('no widths to pick from');
  const need = slotCssPx * dpr;
  const sorted = [...widths].sort((a, b) => a - b);
  return sorted.find((w) => w >= need) ?? sorted[sorted.length - 1]!;
}
