/**
 * The generated art as WebP (media.ts, ART_WIDTHS): rendered from its SVG with sharp once per art
 * version and width, encoded with the shop's one WebP setting (photos.ts' `encodeVariant`: quality 72,
 * where art had its own 80 until issue 42: 18% fewer bytes, the product page's 720 w roses 14.3 KB
 * instead of 17.5), kept in memory (a few KB each), and made once however many ask at the same time.
 * sharp works on libuv's threads, so the server's own thread is not held while it renders.
 */
import sharp from 'sharp';
import { encodeVariant } from './photos';

/** Enough for every product's art at every width, several times over. */
const KEPT = 2000;

export class ArtRasters {
  private readonly kept = new Map<string, Promise<Buffer>>();

  /** The WebP of `svg` at `width` pixels wide, under `key` (which names the art's version). */
  webp(key: string, svg: string, width: number): Promise<Buffer> {
    const at = `${key}|${width}`;
    let made = this.kept.get(at);
    if (!made) {
      made = encodeVariant(sharp(Buffer.from(svg)).resize(width), 'webp').toBuffer();
      // A failed render is not kept: the next request tries again.
      made.catch(() => this.kept.delete(at));
      this.kept.set(at, made);
      if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    }
    return made;
  }
}
