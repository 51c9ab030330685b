import type { ProductSummary } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { Price } from '@adire/ui';
import { Link } from '@adire/router';
import { IMAGE_SIZES } from '@adire/domain/images';
import { addedMessage, quickAddItem } from '../product/cartItem';
import { Picture } from './Picture';
import { Stars } from './Stars';
import styles from './ui.module.css';

const VIP_BADGES = { gold: 'VIP Gold', platinum: 'VIP Platinum', diamond: 'VIP Diamond' } as const;

export function addToCart(product: ProductSummary): void {
  bus.emit('cart:add', { item: quickAddItem(product) });
  bus.emit('toast:show', { type: 'success', message: addedMessage(product.name) });
}

export interface ProductCardProps {
  product: ProductSummary;
  /** The heading level that fits the page around the grid. */
  headingLevel?: 2 | 3;
  /** The first image of a page is its largest paint: fetched at once, not lazily. */
  eager?: boolean;
  /** Compact cards (showcase) link to the product and leave adding to it. */
  quickAdd?: boolean;
  /** The picture keeps its place but is not fetched yet (a carousel slide not shown so far). */
  withoutImages?: boolean;
}

export function ProductCard({ product: p, headingLevel = 3, eager = false, quickAdd = true, withoutImages = false }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className={styles.card}>
      <Link to={`/product/${p.slug}`} className={styles.cardLink}>
        <Picture
          image={p.image}
          sizes={IMAGE_SIZES.card}
          withoutImage={withoutImages}
          alt=""
          width={400}
          height={400}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          className={styles.image}
        />
        <Heading className={styles.name}>{p.name}</Heading>
      </Link>
      {p.vipClass && <span className={styles.badge}>{VIP_BADGES[p.vipClass]}</span>}
      <div className={styles.meta}>
        <Price amount={p.price} className={styles.price} />
        <Stars rating={p.rating} />
      </div>
      {quickAdd && (
        <div className={styles.actions}>
          {p.inStock ? (
            <button type="button" className={styles.add} aria-label={`Add ${p.name} to cart`} onClick={() => addToCart(p)}>
              Add to cart
            </button>
          ) : (
            <span className={styles.soldOut}>Out of stock</span>
          )}
          {p.hasOptions && p.inStock && (
            <Link to={`/product/${p.slug}`} className={styles.options} aria-label={`Choose options for ${p.name}`}>
              Choose options
            </Link>
          )}
        </div>
      )}
    </li>
  );
}
