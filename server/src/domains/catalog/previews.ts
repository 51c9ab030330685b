/**
 * Link previews (issue 34): the picture WhatsApp, Facebook, X and Slack show when a link to a product,
 * a category or the home page is pasted. Those apps render no SVG, so each page gets a JPEG of
 * PREVIEW_SIZE (1200 × 630, the size they all show large, uncropped) made with sharp from the
 * product's photo when one was dropped in, else from its generated art, with the shop's name.
 *
 * - A preview is made once per version and kept in the media cache (`<cacheDir>/previews/<key>/
 *   <version>.jpg`, written under a temporary name and renamed), like the photos' variants; two
 *   requests for the same new preview share one encode, and the old versions of a key are deleted
 *   when a new one is made.
 * - The version is a hash of the layout, the text drawn and each picture's own version (a photo's
 *   hash of name, size and mtime; the art's of its composition): a changed photo changes the URL.
 * - What goes into each preview (which pictures, which title) is `preview-specs.ts`.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BRAND, PREVIEW_SIZE } from '@adire/contracts';
import sharp from 'sharp';

/** Moves when the drawing below changes: every preview gets a new URL. */
const LAYOUT = 1;
const { width: W, height: H } = PREVIEW_SIZE;
const COLORS = { canvas: '#fbf7f2', ink: '#2b1d21', brand: '#a3174a', muted: '#6b5a5f' } as const;
/** mozjpeg at 80: a 1200 × 630 photo collage stays far under the 300 KB the unfurlers accept. */
const JPEG = { quality: 80, mozjpeg: true } as const;

/** One picture in a preview: a dropped-in photo (its file) or a product's art (its SVG, made on demand). */
export type PreviewSource = { kind: 'photo'; file: string; version: string; art: () => Promise<string> } | { kind: 'art'; version: string; art: () => Promise<string> };

export interface PreviewSpec {
  /** `products/<slug>`, `categories/<slug>` or `home`: its URL and its folder in the cache. */
  key: string;
  /** The words drawn beside (one picture) or under (several) the pictures. */
  title: string;
  /** The preview's `og:image:alt`. */
  alt: string;
  /** One picture (a product) or up to three (a category, the home page). */
  sources: PreviewSource[];
}

export function previewVersion(spec: PreviewSpec): string {
  const parts = [LAYOUT, spec.title, ...spec.sources.map((s) => `${s.kind}:${s.version}`)];
  return createHash('sha1').update(parts.join('|')).digest('hex').slice(0, 12);
}

const XML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML[c]!);

/** Words in lines of at most `perLine` characters, `maxLines` at most (the last cut with an ellipsis). */
export function wrapWords(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((l) => (l.length > perLine ? `${l.slice(0, perLine - 1)}…` : l));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, perLine - 1).replace(/[\s,.;:–-]+$/, '')}…`;
  return kept;
}

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  return lines.map((l, i) => `<text x="${x}" y="${y + i * lineHeight}" font-size="${size}" ${attrs}>${xml(l)}</text>`).join('');
}

/** The shop's name and its promise, as the bottom of every preview shows them. */
function brandLines(x: number, y: number, anchor: 'start' | 'end'): string {
  return (
    `<text x="${x}" y="${y}" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="40" fill="${COLORS.brand}" text-anchor="${anchor}">${xml(BRAND)}</text>` +
    `<text x="${x}" y="${y + 36}" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" fill="${COLORS.muted}" text-anchor="${anchor}">Same-day flowers and gifts · Lagos and Abuja</text>`
  );
}

/** One picture as a `width` × `height` JPEG-ready buffer: the photo (turned upright, cropped to fill), else the art. */
async function tile(source: PreviewSource, width: number, height: number): Promise<Buffer> {
  const fit = { width, height, fit: 'cover' as const, position: 'attention' as const };
  if (source.kind === 'photo') {
    try {
      return await sharp(source.file, { failOn: 'truncated' }).autoOrient().resize(fit).flatten({ background: COLORS.canvas }).toBuffer();
    } catch {
      // A photo that cannot be read: its art, as the pages show it instead.
    }
  }
  return sharp(Buffer.from(await source.art()))
    .resize({ ...fit, position: 'centre' })
    .flatten({ background: COLORS.canvas })
    .toBuffer();
}

/** A product: its picture square on the left, its name and the shop's name on the right. */
async function single(spec: PreviewSpec): Promise<Buffer> {
  const picture = await tile(spec.sources[0]!, H, H);
  const x = H + 48;
  // DejaVu Serif Bold at 44 px: about 27 px a letter, so 16 letters fill the 480 px beside the picture.
  const title = wrapWords(spec.title, 16, 5);
  const top = 250 - ((title.length - 1) * 54) / 2;
  const overlay =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    `<rect x="${H}" y="0" width="${W - H}" height="${H}" fill="${COLORS.canvas}"/>` +
    `<rect x="${x}" y="96" width="64" height="6" fill="${COLORS.brand}"/>` +
    textLines(title, x, top, 44, 54, `font-family="DejaVu Serif, Georgia, serif" font-weight="bold" fill="${COLORS.ink}"`) +
    brandLines(x, 540, 'start') +
    `</svg>`;
  return sharp({ create: { width: W, height: H, channels: 3, background: COLORS.canvas } })
    .composite([
      { input: picture, left: 0, top: 0 },
      { input: Buffer.from(overlay), left: 0, top: 0 },
    ])
    .jpeg(JPEG)
    .toBuffer();
}

/** A category or the home page: its leading pictures side by side, its title and the shop's name under them. */
async function composed(spec: PreviewSpec): Promise<Buffer> {
  const band = 200;
  const count = spec.sources.length;
  const tileWidth = count ? Math.floor(W / count) : W;
  const tiles = await Promise.all(spec.sources.map((s, i) => tile(s, i === count - 1 ? W - tileWidth * (count - 1) : tileWidth, H - band)));
  // At most 600 px wide (22 letters at 44 px): the shop's name takes the right half of the band.
  const title = wrapWords(spec.title, 22, 2);
  const overlay =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
    `<rect x="0" y="${H - band}" width="${W}" height="${band}" fill="${COLORS.canvas}"/>` +
    `<rect x="0" y="${H - band}" width="${W}" height="6" fill="${COLORS.brand}"/>` +
    textLines(title, 48, H - band + (title.length > 1 ? 78 : 112), 44, 54, `font-family="DejaVu Serif, Georgia, serif" font-weight="bold" fill="${COLORS.ink}"`) +
    brandLines(W - 48, H - 62, 'end') +
    `</svg>`;
  return sharp({ create: { width: W, height: H, channels: 3, background: COLORS.canvas } })
    .composite([...tiles.map((input, i) => ({ input, left: i * tileWidth, top: 0 })), { input: Buffer.from(overlay), left: 0, top: 0 }])
    .jpeg(JPEG)
    .toBuffer();
}

/**
 * A product's picture alone, as a JPEG (the feeds' `image_link`: catalogues take no SVG and refuse
 * pictures with words or a watermark on them): a photo at most 1200 px a side, the art at 800 px.
 */
async function plain(spec: PreviewSpec): Promise<Buffer> {
  const source = spec.sources[0]!;
  if (source.kind === 'photo') {
    try {
      return await sharp(source.file, { failOn: 'truncated' }).autoOrient().resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
    } catch {
      // unreadable: the art, as the pages show it instead
    }
  }
  return sharp(Buffer.from(await source.art())).resize(800, 800).flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer();
}

/** The picture's JPEG bytes: a product's preview, a row of pictures (a category, home), or a picture alone. */
export function drawPreview(spec: PreviewSpec): Promise<Buffer> {
  if (spec.key.startsWith('plain/')) return plain(spec);
  return spec.key.startsWith('products/') ? single(spec) : composed(spec);
}

/** Previews drawn at the same moment at most (issue 38, P8: 25 at once took 1.7 s of both cores, a shopper's page 5 → 93 ms). */
export const PREVIEW_DRAWS_AT_ONCE = 1;

/** Previews made once per version and kept on disk (across restarts), like the photos' variants. */
export class PreviewStore {
  private readonly making = new Map<string, Promise<string>>();
  /** Drawings under way, and those waiting for a turn (first come, first drawn). */
  private drawing = 0;
  private readonly waiting: (() => void)[] = [];
  /** Previews encoded by this process (tests count them). */
  made = 0;
  /** The most drawings ever under way at once (tests read it). */
  peak = 0;

  constructor(
    readonly cacheDir: string,
    private readonly draw: (spec: PreviewSpec) => Promise<Buffer> = drawPreview,
    private readonly atOnce = PREVIEW_DRAWS_AT_ONCE,
  ) {}

  /** A preview drawn in its turn: a small queue, so unfurlers asking for many at once never take the shop's cores. */
  private async queued(spec: PreviewSpec): Promise<Buffer> {
    if (this.drawing >= this.atOnce) await new Promise<void>((turn) => this.waiting.push(turn));
    else this.drawing++;
    this.peak = Math.max(this.peak, this.drawing);
    try {
      return await this.draw(spec);
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the turn passes on: as many under way as before
      else this.drawing--;
    }
  }

  /** The file of the spec's preview at its current version, made now if it is not on disk yet. */
  file(spec: PreviewSpec): Promise<string> {
    const version = previewVersion(spec);
    const folder = path.join(this.cacheDir, 'previews', spec.key);
    const file = path.join(folder, `${version}.jpg`);
    let work = this.making.get(file);
    if (!work) {
      work = this.make(spec, folder, file, version);
      this.making.set(file, work);
      const done = () => this.making.delete(file);
      work.then(done, done);
    }
    return work;
  }

  private async make(spec: PreviewSpec, folder: string, file: string, version: string): Promise<string> {
    try {
      await fs.access(file);
      return file;
    } catch {
      // not made yet
    }
    const bytes = await this.queued(spec);
    await fs.mkdir(folder, { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
    this.made++;
    // The versions before this one are never asked for again.
    for (const name of await fs.readdir(folder).catch(() => [] as string[])) {
      if (!name.startsWith(`${version}.`) && !name.endsWith('.tmp')) await fs.rm(path.join(folder, name), { force: true }).catch(() => {});
    }
    return file;
  }
}
