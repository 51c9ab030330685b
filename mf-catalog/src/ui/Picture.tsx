import { responsivePicture, type PictureInput } from '@adire/domain/images';
import type { ImgHTMLAttributes } from 'react';
import { useLessData } from './lessData';

export interface PictureProps extends Pick<ImgHTMLAttributes<HTMLImageElement>, 'alt' | 'className' | 'loading' | 'fetchPriority' | 'decoding'> {
  image: PictureInput;
  /** How wide the picture is drawn (`IMAGE_SIZES` of `@adire/domain/images`). */
  sizes: string;
  /** The box the page reserves; defaults to the picture's own size. */
  width?: number;
  height?: number;
  /** Keep the place but fetch nothing yet (a carousel slide not shown so far). */
  withoutImage?: boolean;
}

/**
 * A product picture: a photo as `<picture>` with AVIF and WebP sources and a JPEG `<img>` (each with
 * `srcset`/`sizes`), art as the plain `<img>` it always was. Pure: the same markup in a server render.
 * For a shopper who saves data (`LessData`), only the widths a pixel ratio of 1.5 needs.
 */
export function Picture({ image, sizes, width, height, withoutImage = false, alt, ...img }: PictureProps) {
  const p = responsivePicture(image, { sizes, width, height, saveData: useLessData() });
  const element = (
    <img
      src={withoutImage ? undefined : p.img.src}
      srcSet={withoutImage ? undefined : p.img.srcSet}
      sizes={p.img.sizes}
      alt={alt}
      width={p.img.width}
      height={p.img.height}
      {...img}
    />
  );
  if (p.sources.length === 0) return element;
  return (
    <picture>
      {p.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={withoutImage ? undefined : s.srcSet} sizes={s.sizes} />
      ))}
      {element}
    </picture>
  );
}
