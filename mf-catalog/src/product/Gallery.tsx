import type { ProductDetail, ProductImage } from '@adire/contracts';
import { IMAGE_SIZES } from '@adire/domain/images';
import { useState } from 'react';
import { Picture } from '../ui/Picture';
import styles from './product.module.css';

function imagesOf(product: ProductDetail): ProductImage[] {
  if (product.images.length) return product.images;
  return [{ src: product.image.src, alt: product.image.alt, width: 800, height: 800 }];
}

/** The main picture (the page's largest paint, fetched at once) and thumbnails that swap it. */
export function Gallery({ product }: { product: ProductDetail }) {
  const images = imagesOf(product);
  const [index, setIndex] = useState(0);
  const main = images[Math.min(index, images.length - 1)]!;
  return (
    <div className={styles.gallery}>
      <Picture image={main} sizes={IMAGE_SIZES.productMain} alt={main.alt} width={main.width} height={main.height} fetchPriority="high" className={styles.mainImage} />
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Product images">
          {images.map((img, i) => (
            <li key={img.src}>
              <button type="button" aria-label={`Show image ${i + 1} of ${images.length}`} aria-pressed={i === index} onClick={() => setIndex(i)}>
                <Picture image={img} sizes={IMAGE_SIZES.thumb} alt="" width={72} height={72} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
