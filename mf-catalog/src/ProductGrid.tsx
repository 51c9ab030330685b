import { bus } from '@adire/event-bus';
import { Price } from '@adire/ui';
import { toCartItem, type ProductSummary } from './api';
import styles from './catalog.module.css';

export function ProductGrid({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return <p>No products here yet.</p>;
  return (
    <ul className={styles.grid} aria-label="Products">
      {products.map((p) => (
        <li key={p.id} className={styles.card}>
          <img src={p.image.src} alt={p.image.alt} width={240} height={240} loading="lazy" className={styles.image} />
          <h3 className={styles.name}>{p.name}</h3>
          <Price amount={p.price} className={styles.price} />
          <button
            type="button"
            className={styles.add}
            aria-label={`Add ${p.name} to cart`}
            onClick={() => {
              bus.emit('cart:add', { item: toCartItem(p) });
              bus.emit('toast:show', { type: 'success', message: `${p.name} added to cart` });
            }}
          >
            Add to cart
          </button>
        </li>
      ))}
    </ul>
  );
}
