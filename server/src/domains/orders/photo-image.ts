/**
 * An order's photo from a phone (issue 40): checked by its content, never by its name or the type the
 * browser claims; refused with a sentence a florist understands when it is not a picture the shop reads,
 * too big, or a decompression bomb; re-encoded by the catalogue's media pipeline (sharp), which keeps
 * no metadata unless asked — every EXIF field, the GPS position above all, is gone from what is kept.
 *
 * HEIC/HEIF (iPhones' own format): sharp's prebuilt libvips reads HEIF only for AVIF (HEVC is left out
 * of it), so a HEIC photo is refused with a sentence saying how to send it as JPEG. iPhones' Safari
 * usually hands a file input a JPEG anyway (`accept="image/*"` does not name HEIC).
 */
import sharp from 'sharp';
import { encodeVariant } from '../catalog';

/** What the first bytes say a file is. */
export type SniffedImage = 'jpeg' | 'png' | 'webp' | 'heic' | 'avif' | null;

/** The kind of picture in `bytes`, read from its signature (the first dozen bytes). */
export function sniffImage(bytes: Uint8Array): SniffedImage {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // ISO base media (HEIF): a 'ftyp' box whose major brand names the codec.
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'heic';
    if (brand === 'avif' || brand === 'avis') return 'avif';
  }
  return null;
}

/** Why a photo is refused: the status, the code and the sentence (always beside `photo`). */
export class PhotoRefused extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    readonly code: 'NOT_AN_IMAGE' | 'HEIC_NOT_READ' | 'PHOTO_TOO_LARGE' | 'TOO_MANY_PIXELS' | 'UNREADABLE_PHOTO',
    message: string,
  ) {
    super(message);
  }
}

export const PHOTO_MESSAGES = {
  notAnImage: 'This file is not a photo the shop can read: send a JPEG, PNG or WebP picture.',
  heic: "This photo is in the iPhone's HEIC format, which the shop cannot read: on the iPhone choose Settings › Camera › Formats › Most Compatible, or share the photo as JPEG, and send it again.",
  tooLarge: (maxBytes: number) => `This photo is larger than ${Math.round(maxBytes / 1_000_000)} MB: send a smaller one (the phone's share menu can make it smaller).`,
  tooManyPixels: (width: number, height: number, maxPixels: number) =>
    `This picture is too large to open (${width} × ${height} pixels): send one of ${Math.round(maxPixels / 1_000_000)} megapixels at most.`,
  unreadable: 'This photo could not be read (the file may be damaged): take it again.',
} as const;

/** Widths of what is kept: the photo as a sender sees it, and the small copy lists and mail show. */
export const LARGE_WIDTH = 1600;
export const SMALL_WIDTH = 480;

export interface PhotoLimits {
  /** A file over this is refused (PHOTO_MAX_MB, default 12 MB). */
  maxBytes: number;
  /** A picture over this many pixels is refused before it is decoded (a 48 MP phone photo passes). */
  maxPixels: number;
}

export const DEFAULT_PHOTO_LIMITS: PhotoLimits = { maxBytes: 12_000_000, maxPixels: 50_000_000 };

export interface PreparedPhoto {
  /** Size as shown (after the EXIF rotation), of the large copy. */
  width: number;
  height: number;
  large: Buffer;
  small: Buffer;
}

/** The kept copies of an uploaded photo (JPEG, no metadata), or PhotoRefused. */
export async function preparePhoto(bytes: Buffer, limits: PhotoLimits = DEFAULT_PHOTO_LIMITS): Promise<PreparedPhoto> {
  if (bytes.length > limits.maxBytes) throw new PhotoRefused(413, 'PHOTO_TOO_LARGE', PHOTO_MESSAGES.tooLarge(limits.maxBytes));
  const kind = sniffImage(bytes);
  if (kind === 'heic') throw new PhotoRefused(400, 'HEIC_NOT_READ', PHOTO_MESSAGES.heic);
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'webp') throw new PhotoRefused(400, 'NOT_AN_IMAGE', PHOTO_MESSAGES.notAnImage);
  const open = () => sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'truncated', sequentialRead: true });
  let width = 0;
  let height = 0;
  try {
    // The header only (no limit needed: nothing is decoded), so a bomb's size can be named.
    ({ width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw new PhotoRefused(400, 'UNREADABLE_PHOTO', PHOTO_MESSAGES.unreadable);
  }
  if (!width || !height) throw new PhotoRefused(400, 'UNREADABLE_PHOTO', PHOTO_MESSAGES.unreadable);
  if (width * height > limits.maxPixels) throw new PhotoRefused(400, 'TOO_MANY_PIXELS', PHOTO_MESSAGES.tooManyPixels(width, height, limits.maxPixels));
  try {
    const copy = async (max: number) =>
      encodeVariant(open().autoOrient().resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }), 'jpeg').toBuffer({ resolveWithObject: true });
    const large = await copy(LARGE_WIDTH);
    const small = await copy(SMALL_WIDTH);
    return { width: large.info.width, height: large.info.height, large: large.data, small: small.data };
  } catch {
    throw new PhotoRefused(400, 'UNREADABLE_PHOTO', PHOTO_MESSAGES.unreadable);
  }
}
