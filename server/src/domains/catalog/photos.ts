/**
 * Real photos, served fast (issue 16, item 7). A photo dropped into the media folder (often a
 * multi-megabyte camera JPEG) is never sent as it is to a page: shoppers get AVIF or WebP (JPEG for
 * the rare browser without either) at a few widths, each made once with sharp and kept on disk.
 *
 * - A variant's file is named by the photo's version (a hash of its name, size and mtime) in
 *   `<cacheDir>/<kind>/<base>/`: it survives restarts, and a replaced photo has a new version, so
 *   the old variants are simply never asked for again (and are swept when a new one is made).
 * - Two requests for the same new variant make it once (one promise per file in flight); files are
 *   written to a temporary name and renamed, so a reader never sees half a file, also across
 *   processes. One encode for shoppers' requests and one for background warming run at once at
 *   most: the machine keeps serving while it works, and warming never makes a shopper wait.
 * - A photo sharp cannot read (corrupt, truncated, not an image) is logged once with its file and
 *   reason and reported as unreadable: listings then show the generated art, and a variant URL
 *   answers with the art too, never a 500.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ImageFormat } from '@adire/contracts';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_MIME } from '@adire/domain/images';

/** Which folder of the media directory a picture is in (media.ts). */
export type MediaKind = 'products' | 'blog';

/** A photo dropped into the media directory in place of the generated picture. */
export interface DropIn {
  file: string;
  ext: string;
  version: string;
}

/**
 * Widths made for every photo (none wider than the photo itself). 1080 covers a 412 px phone at DPR 2.6;
 * 128 and 192 a cart line's 56–64 px picture (drawer, order summary) and a gallery thumbnail at DPR 1–3
 * (issue 42: a cart line no longer costs a 320 w or full-size photo).
 */
export const VARIANT_WIDTHS = [128, 192, 320, 480, 720, 1080, 1600] as const;
/** The `<img src>` of a photo (old remotes and browsers without srcset): its JPEG at this width at most. */
export const FALLBACK_WIDTH = 1080;
/** Raster drop-ins get variants; an SVG drop-in scales by itself. */
export const PHOTO_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp']);

/** Each variant format's media type: the shop's one map (`IMAGE_MIME`, which the pages' `<source type>` uses too). */
export const VARIANT_CONTENT_TYPES: Record<ImageFormat, string> = IMAGE_MIME;

/** Encoder settings: chosen for photos of flowers at phone sizes (see BENCHMARKS.md for the bytes). */
const ENCODE: Record<ImageFormat, (s: Sharp) => Sharp> = {
  // AVIF effort 2: about the bytes of effort 4 (the default) in a tenth of the time (BENCHMARKS.md).
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  webp: (s) => s.webp({ quality: 72, effort: 4 }),
  jpeg: (s) => s.jpeg({ quality: 76, mozjpeg: true }),
};

/** A photo's variant encoded with the shop's settings (above): also the orders domain's photos (issue 40). */
export const encodeVariant = (pipeline: Sharp, format: ImageFormat): Sharp => ENCODE[format](pipeline);

export interface PhotoInfo {
  /** Size as shown (after the EXIF rotation). */
  width: number;
  height: number;
  /** Variant widths for this photo, ascending. */
  widths: number[];
}

export interface PhotoLog {
  warn(obj: object, msg: string): void;
}

/** The widths worth making for a photo `width` pixels wide: the standard ones below it, or its own width. */
export function widthsFor(width: number): number[] {
  const below = VARIANT_WIDTHS.filter((w) => w <= width);
  return below.length ? below : [width];
}

export function fallbackWidth(widths: number[]): number {
  return [...widths].reverse().find((w) => w <= FALLBACK_WIDTH) ?? widths[0]!;
}

/** Encodes waiting for one lane, and how many run in it. */
class Lane {
  running = 0;
  readonly waiting: { file: string; start: () => void }[] = [];
}

export class PhotoVariants {
  private readonly infos = new Map<string, Promise<PhotoInfo | null>>();
  private readonly making = new Map<string, Promise<string | null>>();
  private readonly broken = new Set<string>();
  /** One encode at a time for shoppers' requests, one for warming; a warming job a shopper asks for moves over. */
  private readonly lanes = { urgent: new Lane(), background: new Lane() };
  private readonly warmed = new Set<string>();
  private closed = false;
  /** Variants made by this process (tests and benches count them). */
  made = 0;

  /** Called when a photo turns out unreadable (answers that pointed at its variants are then stale). */
  onBroken: () => void = () => {};

  constructor(
    readonly cacheDir: string,
    private readonly log: PhotoLog,
    /** Make a new photo's AVIF and WebP variants in the background once the API first describes it. */
    private readonly warming = true,
  ) {
    sharp.cache(false); // variants are kept on disk; libvips' own cache would only hold memory
  }

  /**
   * Queue the variants browsers ask for (AVIF and WebP at every width) behind any shopper's request,
   * so the first shopper to open a new photo's page does not wait for its encode. Once per version;
   * a job whose photo was replaced meanwhile (`isCurrent` false) is skipped.
   */
  warm(kind: MediaKind, base: string, drop: DropIn, info: PhotoInfo, isCurrent: () => boolean): void {
    const key = this.key(kind, base, drop);
    if (!this.warming || this.closed || this.warmed.has(key)) return;
    this.warmed.add(key);
    // The width a phone's product page takes first (it is its largest paint), then the others from the
    // largest down; AVIF (what nearly every browser takes) before WebP.
    const first = fallbackWidth(info.widths);
    const widths = [first, ...[...info.widths].reverse().filter((w) => w !== first)];
    // One after another: warming uses one core at most, and a file a shopper asks for first is made
    // for the shopper (the warming finds it on disk when it gets there).
    const run = (async () => {
      for (const format of ['avif', 'webp'] as const) {
        for (const width of widths) {
          if (this.closed || !isCurrent()) return;
          await this.variant(kind, base, drop, width, format, { urgent: false, isCurrent });
        }
      }
    })();
    this.warmups.add(run);
    void run.finally(() => this.warmups.delete(run));
  }

  /** Resolves once nothing is being made or waiting (tests, benches). */
  async idle(): Promise<void> {
    while (this.making.size > 0 || this.warmups.size > 0) await Promise.allSettled([...this.making.values(), ...this.warmups]);
  }

  private readonly warmups = new Set<Promise<void>>();

  /** Stop: queued warming is dropped, nothing more is written. */
  close(): void {
    this.closed = true;
    for (const lane of Object.values(this.lanes)) for (const job of lane.waiting.splice(0)) job.start();
  }

  private folderOf(kind: MediaKind, base: string): string {
    return path.join(this.cacheDir, kind, base);
  }

  private key(kind: MediaKind, base: string, drop: DropIn): string {
    return `${kind}/${base}@${drop.version}`;
  }

  /** Whether this photo's version was found unreadable. */
  isBroken(kind: MediaKind, base: string, drop: DropIn): boolean {
    return this.broken.has(this.key(kind, base, drop));
  }

  /** Size and widths of a photo, read from its header once per version (kept beside its variants); null if unreadable. */
  info(kind: MediaKind, base: string, drop: DropIn): Promise<PhotoInfo | null> {
    const key = this.key(kind, base, drop);
    let info = this.infos.get(key);
    if (!info) {
      info = this.readInfo(kind, base, drop);
      this.infos.set(key, info);
      if (this.infos.size > 5000) this.infos.delete(this.infos.keys().next().value!);
    }
    return info;
  }

  private async readInfo(kind: MediaKind, base: string, drop: DropIn): Promise<PhotoInfo | null> {
    const file = path.join(this.folderOf(kind, base), `${drop.version}.json`);
    const brokenMark = await fs.readFile(path.join(this.folderOf(kind, base), `${drop.version}.broken`), 'utf8').catch(() => null);
    if (brokenMark !== null) {
      this.markBroken(kind, base, drop, new Error(brokenMark), false);
      return null;
    }
    try {
      const kept = JSON.parse(await fs.readFile(file, 'utf8')) as PhotoInfo;
      // The widths as this release makes them (a file kept by an older one may list fewer).
      if (kept.width > 0 && kept.height > 0 && Array.isArray(kept.widths)) return { ...kept, widths: widthsFor(kept.width) };
    } catch {
      // not made yet
    }
    try {
      const meta = await sharp(drop.file).metadata();
      const width = meta.autoOrient?.width ?? meta.width;
      const height = meta.autoOrient?.height ?? meta.height;
      if (!width || !height) throw new Error('the file has no image size');
      const info: PhotoInfo = { width, height, widths: widthsFor(width) };
      await this.writeAtomically(file, JSON.stringify(info));
      return info;
    } catch (err) {
      this.markBroken(kind, base, drop, err);
      return null;
    }
  }

  private markBroken(kind: MediaKind, base: string, drop: DropIn, err: unknown, remember = true): void {
    const key = this.key(kind, base, drop);
    if (this.broken.has(key)) return;
    this.broken.add(key);
    this.infos.set(key, Promise.resolve(null));
    const reason = (err instanceof Error ? err.message : String(err)).trim().slice(0, 300);
    // Kept beside the variants, so a restart does not try the same bad file again.
    if (remember) void this.writeAtomically(path.join(this.folderOf(kind, base), `${drop.version}.broken`), reason).catch(() => {});
    this.onBroken();
    this.log.warn({ file: drop.file, reason }, `photo ${kind}/${path.basename(drop.file)} cannot be read; its generated picture is shown instead (replace the file to try again)`);
  }

  /**
   * The file of one variant, made now if it is not on disk yet (once, however many ask at the same
   * time); null when the photo is unreadable or `width` is not one of its widths.
   */
  async variant(
    kind: MediaKind,
    base: string,
    drop: DropIn,
    width: number,
    format: ImageFormat,
    { urgent = true, isCurrent = () => true }: { urgent?: boolean; isCurrent?: () => boolean } = {},
  ): Promise<string | null> {
    const info = await this.info(kind, base, drop);
    if (!info || !info.widths.includes(width)) return null;
    const file = path.join(this.folderOf(kind, base), `${drop.version}.w${width}.${format}`);
    const pending = this.making.get(file);
    if (pending) {
      if (urgent) this.promote(file); // a shopper waits for it now
      return pending;
    }
    const work = (async () => {
      try {
        await fs.access(file);
        return file;
      } catch {
        // not made yet
      }
      try {
        const made = await this.slot(file, urgent, async () => {
          // Warming of a photo since replaced, or of a server closing: not worth the encode.
          if (this.closed || !isCurrent()) return false;
          await this.encode(drop, file, width, format);
          return true;
        });
        if (!made) return null;
        this.made++;
        await this.sweep(kind, base, drop.version);
        return file;
      } catch (err) {
        this.markBroken(kind, base, drop, err);
        return null;
      }
    })();
    this.making.set(file, work);
    const done = () => this.making.delete(file);
    work.then(done, done);
    return work;
  }

  private async encode(drop: DropIn, file: string, width: number, format: ImageFormat): Promise<void> {
    // failOn 'truncated': a cut-off upload is refused rather than shown with a grey lower half.
    const pipeline = sharp(drop.file, { failOn: 'truncated' }).autoOrient().resize({ width, withoutEnlargement: true });
    const bytes = await ENCODE[format](pipeline).toBuffer();
    await this.writeAtomically(file, bytes);
  }

  private async writeAtomically(file: string, data: string | Buffer): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  /** Variants and sizes of a replaced photo (another version) are dropped once the new one is used. */
  private async sweep(kind: MediaKind, base: string, version: string): Promise<void> {
    const dir = this.folderOf(kind, base);
    try {
      for (const name of await fs.readdir(dir)) {
        if (!name.startsWith(`${version}.`) && !name.endsWith('.tmp')) await fs.rm(path.join(dir, name), { force: true });
      }
    } catch {
      // best effort: a leftover costs disk, not correctness
    }
  }

  private async slot<T>(file: string, urgent: boolean, task: () => Promise<T>): Promise<T> {
    let lane = urgent || this.urgentFiles.has(file) ? this.lanes.urgent : this.lanes.background;
    if (lane.running >= 1) await new Promise<void>((start) => lane.waiting.push({ file, start }));
    if (this.urgentFiles.has(file)) lane = this.lanes.urgent; // promoted while it waited
    lane.running++;
    try {
      return await task();
    } finally {
      lane.running--;
      this.urgentFiles.delete(file);
      lane.waiting.shift()?.start();
    }
  }

  /** Files a shopper waits for: their encode runs in the shoppers' lane, even if warming queued it. */
  private readonly urgentFiles = new Set<string>();

  /** A shopper asks for a file warming is about to make: move it into the shoppers' lane. */
  private promote(file: string): void {
    this.urgentFiles.add(file);
    const background = this.lanes.background.waiting;
    const at = background.findIndex((j) => j.file === file);
    if (at < 0) return; // not queued yet (it will take the shoppers' lane), or already running
    const [job] = background.splice(at, 1);
    if (this.lanes.urgent.running === 0) job!.start();
    else this.lanes.urgent.waiting.push(job!);
  }

}
