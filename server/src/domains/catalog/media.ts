/**
 * Pictures: a photo dropped into `<mediaDir>/<kind>/<name>.(webp|jpg|jpeg|png|svg)` replaces the
 * generated SVG of the same name (e.g. `media/products/ruby-romance-red-roses.jpg`). URLs carry a
 * version (`?v=`) so they can be cached for a year; a new photo or drawing gives a new URL.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_FORMATS, type ImageVariants } from '@adire/contracts';
import { IMAGE_SIZE } from './image';
import { fallbackWidth, PHOTO_EXTENSIONS, widthsFor, type DropIn, type MediaKind, type PhotoVariants } from './photos';

/**
 * The generated art is also served as WebP at these widths (art-rasters.ts renders it with sharp): a phone
 * draws a raster picture off its main thread, while each SVG of ~300 shapes cost it 12–150 ms to
 * parse and lay out (BENCHMARKS.md, "The Lighthouse budget on a slower machine"). The SVG stays the
 * `src` and the address kept in carts and orders.
 */
export const ART_WIDTHS = widthsFor(IMAGE_SIZE);
export const ART_FORMAT = 'webp' as const;

export type { DropIn, MediaKind } from './photos';

export const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml; charset=utf-8',
};
const PREFERENCE = ['webp', 'jpg', 'jpeg', 'png', 'svg'];
const FILE = /^([a-z0-9-]+)\.(webp|jpe?g|png|svg)$/i;
/** How often the folder is looked at again (a new file changes the folder's mtime at once). */
const RECHECK_MS = 1000;
const RESCAN_MS = 30_000;

interface Folder {
  checkedAt: number;
  scannedAt: number;
  mtimeMs: number;
  files: Map<string, DropIn>;
}

/** A picture as the API describes it: art is only `src`; a photo has its size and variants. */
export interface PictureRef {
  src: string;
  width?: number;
  height?: number;
  variants?: ImageVariants;
}

export class MediaStore {
  private readonly folders = new Map<MediaKind, Folder>();
  /** Moves whenever a scan finds a different set of files or versions, or a photo proves unreadable. */
  private generation = 0;

  /** `photos`: make and keep responsive variants of raster drop-ins (photos.ts); without it they are linked as they are. */
  constructor(
    readonly dir: string,
    readonly photos?: PhotoVariants,
  ) {
    if (photos) photos.onBroken = () => this.generation++;
  }

  /** A raster drop-in that gets variants (not an SVG, not one found unreadable). */
  photoOf(kind: MediaKind, base: string): DropIn | undefined {
    const drop = this.find(kind, base);
    if (!drop || !this.photos || !PHOTO_EXTENSIONS.has(drop.ext) || this.photos.isBroken(kind, base, drop)) return undefined;
    return drop;
  }

  /** Whether the drop-in for `base` is a photo that could not be read (its art is shown instead). */
  isBroken(kind: MediaKind, base: string): boolean {
    const drop = this.find(kind, base);
    return !!drop && !!this.photos && this.photos.isBroken(kind, base, drop);
  }

  /**
   * What a page shows for `base`: a photo's JPEG variant (never the original) with its size and
   * variants; an SVG drop-in; else the generated SVG with its WebP variants. Versioned URLs in every case.
   */
  async picture(kind: MediaKind, base: string, generatedVersion: string): Promise<PictureRef> {
    const drop = this.photoOf(kind, base);
    if (drop) {
      const info = await this.photos!.info(kind, base, drop);
      if (info) {
        this.photos!.warm(kind, base, drop, info, () => this.find(kind, base)?.version === drop.version);
        const variants: ImageVariants = { url: `/media/${kind}/${base}.w{width}.{format}?v=${drop.version}`, widths: info.widths, formats: [...IMAGE_FORMATS] };
        return { src: `/media/${kind}/${base}.w${fallbackWidth(info.widths)}.jpeg?v=${drop.version}`, width: info.width, height: info.height, variants };
      }
    }
    const src = this.url(kind, base, generatedVersion);
    if (!this.photos || (this.find(kind, base) && !this.isBroken(kind, base))) return { src }; // an SVG drop-in scales by itself
    const variants: ImageVariants = { url: `/media/${kind}/${base}.w{width}.{format}?v=${generatedVersion}`, widths: [...ART_WIDTHS], formats: [ART_FORMAT] };
    return { src, width: IMAGE_SIZE, height: IMAGE_SIZE, variants };
  }

  /** `picture` for a stored path (`/media/products/<base>.svg`); any other address is returned as is. */
  async resolvePicture(stored: string, generatedVersion: string): Promise<PictureRef> {
    const m = STORED.exec(stored);
    return m ? this.picture(m[1] as MediaKind, m[2]!, generatedVersion) : { src: stored };
  }

  /** Changes when any drop-in appears, changes or goes (seen within RECHECK_MS): part of cached answers' keys. */
  signature(): string {
    this.folder('products');
    this.folder('blog');
    return `m${this.generation}`;
  }

  private folder(kind: MediaKind): Folder {
    const now = Date.now();
    const cached = this.folders.get(kind);
    if (cached && now - cached.checkedAt < RECHECK_MS) return cached;
    const dir = path.join(this.dir, kind);
    let mtimeMs = -1;
    try {
      mtimeMs = fs.statSync(dir).mtimeMs;
    } catch {
      // no folder: no drop-ins
    }
    if (cached && cached.mtimeMs === mtimeMs && now - cached.scannedAt < RESCAN_MS) {
      cached.checkedAt = now;
      return cached;
    }
    const files = new Map<string, DropIn>();
    if (mtimeMs >= 0) {
      const found = new Map<string, DropIn[]>();
      for (const name of fs.readdirSync(dir)) {
        const m = FILE.exec(name);
        if (!m) continue;
        let stat: fs.Stats;
        try {
          stat = fs.statSync(path.join(dir, name));
        } catch {
          continue;
        }
        if (!stat.isFile()) continue;
        const base = m[1]!.toLowerCase();
        const version = createHash('sha1').update(`${name}|${stat.size}|${stat.mtimeMs}`).digest('hex').slice(0, 10);
        found.set(base, [...(found.get(base) ?? []), { file: path.join(dir, name), ext: m[2]!.toLowerCase(), version }]);
      }
      for (const [base, list] of found) {
        list.sort((a, b) => PREFERENCE.indexOf(a.ext) - PREFERENCE.indexOf(b.ext));
        files.set(base, list[0]!);
      }
    }
    const folder = { checkedAt: now, scannedAt: now, mtimeMs, files };
    const fingerprint = (f: Map<string, DropIn> | undefined) => [...(f ?? new Map<string, DropIn>())].map(([base, d]) => `${base}.${d.ext}@${d.version}`).join();
    if (!cached || fingerprint(cached.files) !== fingerprint(files)) this.generation++;
    this.folders.set(kind, folder);
    return folder;
  }

  /** The dropped-in file for `base` (a slug, or `<slug>--detail`), if any. */
  find(kind: MediaKind, base: string): DropIn | undefined {
    return this.folder(kind).files.get(base);
  }

  /** The URL shoppers load: the drop-in if there is one, else the generated SVG; versioned either way. */
  url(kind: MediaKind, base: string, generatedVersion: string): string {
    const drop = this.isBroken(kind, base) ? undefined : this.find(kind, base);
    return drop ? `/media/${kind}/${base}.${drop.ext}?v=${drop.version}` : `/media/${kind}/${base}.svg?v=${generatedVersion}`;
  }
}

const STORED = /^\/media\/(products|blog)\/([a-z0-9-]+)\.(?:svg|webp|jpe?g|png)$/i;

/** Long caching when the URL names the current version; a short one (revalidated by ETag) otherwise. */
export function cacheControl(requested: unknown, current: string): string {
  return requested === current ? 'public, max-age=31536000, immutable' : 'public, max-age=3600, stale-while-revalidate=86400';
}

export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
}
