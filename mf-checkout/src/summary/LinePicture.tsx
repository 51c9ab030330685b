import type { CartItem } from '@adire/contracts';
import { boxPicture } from '@adire/domain/images';
import type { ImgHTMLAttributes } from 'react';

/**
 * A cart line's picture at its box (issue 42): from the photo's variants when the line carries them
 * (`boxPicture`: responsivePicture at a fixed box — AVIF/WebP sources, a JPEG srcset, `sizes` the
 * box), so a 56 px line costs a 128 w variant, not the full-size photo; a line stored before (only
 * `src`) draws from its `src`. With `saveData`, only the widths a pixel ratio of 1.5 needs.
 * (The cart drawer draws its lines with the same few lines: mf-cart/src/LinePicture.tsx.)
 */
export function LinePicture({ image, box, saveData, loading }: {
  image: CartItem['image'];
  /** The square it is drawn in, CSS px. */
  box: number;
  saveData: boolean;
  loading?: ImgHTMLAttributes<HTMLImageElement>['loading'];
}) {
  const p = boxPicture(image, { box, saveData });
  const img = <img src={p.img.src} srcSet={p.img.srcSet} sizes={p.img.sizes} alt="" width={box} height={box} loading={loading} />;
  if (p.sources.length === 0) return img;
  return (
    <picture>
      {p.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={s.sizes} />
      ))}
      {img}
    </picture>
  );
}
