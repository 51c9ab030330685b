import type { ProductSummary } from '@adire/contracts';
import { ProductCard, type ProductCardProps } from './ProductCard';
import { CardSkeleton } from './Skeleton';
import styles from './ui.module.css';

interface GridProps extends Omit<ProductCardProps, 'product' | 'eager'> {
  products: ProductSummary[];
  label?: string;
  /** The first card's image is the page's largest paint. */
  eagerFirst?: boolean;
  busy?: boolean;
  /** Two rows of four on wide screens (lists of eight). */
  fourUp?: boolean;
}

export function ProductGrid({ products, label = 'Products', eagerFirst = false, busy = false, fourUp = false, ...card }: GridProps) {
  return (
    <ul className={fourUp ? `${styles.grid} ${styles.fourUp}` : styles.grid} aria-label={label} aria-busy={busy || undefined} data-busy={busy || undefined}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={eagerFirst && i === 0} {...card} />
      ))}
    </ul>
  );
}

/** Placeholders with the cards' own size, so nothing moves when the products arrive. */
export function GridSkeleton({ count = 8, quickAdd = true, fourUp = false }: { count?: number; quickAdd?: boolean; fourUp?: boolean }) {
  return (
    <ul className={fourUp ? `${styles.grid} ${styles.fourUp}` : styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} quickAdd={quickAdd} />
      ))}
    </ul>
  );
}
