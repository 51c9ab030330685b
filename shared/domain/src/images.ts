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

/**
 * The widest box each of `IMAGE_SIZES` reaches at any screen width, in CSS pixels (read off its
 * `sizes`): the product page's picture is `calc(100vw - 32px)` just under 860 px, a card
 * `calc(50vw - 40px)` just under 700 px.
 */
export const IMAGE_LARGEST_BOX: Readonly<Record<string, number>> = {
  [IMAGE_SIZES.productMain]: 828,
  [IMAGE_SIZES.card]: 310,
  [IMAGE_SIZES.thumb]: 72,
};

/** Save-Data (issue 42, item 4): a picture fills its box at the device's pixel ratio, but at most this one. */
export const SAVE_DATA_MAX_DENSITY = 1.5;

/**
 * The device pixel ratios above SAVE_DATA_MAX_DENSITY a Save-Data `sizes` tells apart, highest first:
 * exact at these (phones' usual 2, 2.5–2.75, 3, 3.5), and at most 1.14× the cap between two of them.
 */
const DENSITY_STEPS = [4, 3.5, 3, 2.75, 2.5, 2.25, 2, 1.75];

/** A `sizes` list's entries: each its media condition (or none, the last) and its length. */
export function sizesEntries(sizes: string): { condition: string; length: string }[] {
  const entries: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < sizes.length; i++) {
    const c = sizes[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      entries.push(sizes.slice(from, i));
      from = i + 1;
    }
  }
  entries.push(sizes.slice(from));
  return entries.map((raw) => {
    const entry = raw.trim();
    // The length is the entry's last part: a function (`calc(…)`, `min(…)`) or a plain token.
    let at: number;
    if (entry.endsWith(')')) {
      let d = 0;
      at = entry.length - 1;
      for (; at >= 0; at--) {
        if (entry[at] === ')') d++;
        else if (entry[at] === '(' && --d === 0) break;
      }
      while (at > 0 && /[a-z-]/i.test(entry[at - 1]!)) at--;
    } else at = entry.lastIndexOf(' ') + 1;
    return { condition: entry.slice(0, at).trim(), length: entry.slice(at).trim() };
  });
}

/**
 * `sizes` for a shopper who saves data: on a screen of more than SAVE_DATA_MAX_DENSITY device pixels
 * per CSS pixel, each box is announced smaller by the ratio over the cap (`min-resolution` steps), so
 * the browser — which takes the smallest width of at least box × its pixel ratio — takes the smallest
 * that fills the box at 1.5 instead. Below the cap, the list as it was. (Each condition of `sizes` is
 * one parenthesised feature, as all of IMAGE_SIZES' are: it is joined to the step's with `and`.)
 */
export function saveDataSizes(sizes: string): string {
  const entries = sizesEntries(sizes);
  const capped = DENSITY_STEPS.flatMap((step) => {
    // Rounded down to a millionth: a box the cap fills exactly with one width takes that width (rounded
    // up to a ten-thousandth, 480 px at 1.75 asked for 720.05 px and got 1080 w), and is never announced
    // more than a hundredth of a pixel short of what the cap needs.
    const factor = Math.floor((SAVE_DATA_MAX_DENSITY / step) * 1e6) / 1e6;
    return entries.map(({ condition, length }) => `${condition ? `${condition} and ` : ''}(min-resolution: ${step}dppx) calc(${length} * ${factor})`);
  });
  return [...capped, sizes].join(', ');
}

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

/** Variants a page can use: a stored cart line's are the browser's storage, which may hold anything. */
function usable(v: ImageVariants | undefined): v is ImageVariants {
  return !!v && typeof v.url === 'string' && Array.isArray(v.widths) && v.widths.length > 0 && Array.isArray(v.formats) && v.formats.length > 0;
}

/** Save-Data: no width past the one that fills a box `largest` CSS px wide at SAVE_DATA_MAX_DENSITY. */
function capped(v: ImageVariants, largest: number): ImageVariants {
  const most = pickWidth(v.widths, largest, SAVE_DATA_MAX_DENSITY);
  return { ...v, widths: v.widths.filter((w) => w <= most) };
}

function pictureOf(src: string, v: ImageVariants, sizes: string, width: number, height: number): ResponsivePicture {
  const sources = v.formats.filter((f) => f !== 'jpeg').map((f) => ({ type: IMAGE_MIME[f], srcSet: srcSetOf(v, f), sizes }));
  const img = v.formats.includes('jpeg') ? { src, srcSet: srcSetOf(v, 'jpeg'), sizes, width, height } : { src, width, height };
  return { sources, img };
}

/**
 * Everything a `<picture>` needs. `width`/`height` are the box the page reserves (a square card says
 * 400 × 400); without them the picture's own size is used, else 800 × 800. With `saveData` (the
 * shopper's browser saves data), the smallest variant that fills the box at the device's pixel ratio
 * capped at SAVE_DATA_MAX_DENSITY: fewer widths and capped `sizes`. Variants not well formed count as none.
 */
export function responsivePicture(image: PictureInput, options: { sizes: string; width?: number; height?: number; saveData?: boolean }): ResponsivePicture {
  const width = options.width ?? image.width ?? 800;
  const height = options.height ?? (options.width === undefined ? image.height : undefined) ?? width;
  let v = image.variants;
  if (!usable(v)) return { sources: [], img: { src: image.src, width, height } };
  let sizes = options.sizes;
  if (options.saveData) {
    // Save-Data: no width past the one that fills the box's largest size at the cap, and the boxes
    // announced so that a screen of a higher pixel ratio takes what the cap needs (saveDataSizes).
    const largest = IMAGE_LARGEST_BOX[options.sizes];
    if (largest !== undefined) v = capped(v, largest);
    sizes = saveDataSizes(options.sizes);
  }
  return pictureOf(image.src, v, sizes, width, height);
}

/**
 * A picture drawn in a square box of `box` CSS px whatever the screen (a cart line: 64 px in the
 * drawer, 56 px in the checkout's order summary; issue 42): `responsivePicture` with `sizes` `${box}px`.
 * With `saveData`, no width past the one that fills the box at SAVE_DATA_MAX_DENSITY: with one box the
 * browser then takes that one at every pixel ratio, as the capped `sizes` would make it, so the remotes
 * that draw only these do without that code (issue 42's script budgets). Without usable variants, `src`.
 */
export function boxPicture(image: PictureInput, { box, saveData = false }: { box: number; saveData?: boolean }): ResponsivePicture {
  const v = image.variants;
  if (!usable(v)) return { sources: [], img: { src: image.src, width: box, height: box } };
  return pictureOf(image.src, saveData ? capped(v, box) : v, `${box}px`, box, box);
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
