import type { ProductDetail } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { Price } from '@adire/ui';
import { useState } from 'react';
import { addedMessage, buildCartItem, choiceTotal, chosenDesign, chosenSize, defaultChoice, type ProductChoice } from './cartItem';
import { QuantityStepper } from './QuantityStepper';
import styles from './product.module.css';

/** Size, design and quantity, then 'Add to cart' through the bus. */
export function BuyBox({ product }: { product: ProductDetail }) {
  const [choice, setChoice] = useState<ProductChoice>(() => defaultChoice(product));
  const size = chosenSize(product, choice.sizeSku);
  const design = chosenDesign(product, choice.designCode);
  const change = (next: Partial<ProductChoice>) => setChoice((c) => ({ ...c, ...next }));

  const add = () => {
    bus.emit('cart:add', { item: buildCartItem(product, choice) });
    bus.emit('toast:show', { type: 'success', message: addedMessage(product.name) });
  };

  return (
    <form className={styles.buy} onSubmit={(e) => (e.preventDefault(), add())} aria-label={`Buy ${product.name}`}>
      <p className={styles.price}>
        <Price amount={size.price} />
      </p>
      {product.sizes.length > 1 && (
        <fieldset className={styles.choices}>
          <legend>Size</legend>
          {product.sizes.map((s) => (
            <label key={s.SKU} className={styles.choice}>
              <input type="radio" name="size" value={s.SKU} checked={s.SKU === size.SKU} onChange={() => change({ sizeSku: s.SKU })} />
              <span className={styles.choiceName}>{s.label}</span>
              <Price amount={s.price} className={styles.choicePrice} />
            </label>
          ))}
        </fieldset>
      )}
      {product.designs.length > 0 && (
        <fieldset className={styles.choices}>
          <legend>Design</legend>
          {product.designs.map((d) => (
            <label key={d.code} className={styles.choice}>
              <input type="radio" name="design" value={d.code} checked={d.code === design?.code} onChange={() => change({ designCode: d.code })} />
              <span className={styles.choiceName}>{d.title}</span>
              <span className={styles.choicePrice}>{d.price > 0 ? <>+<Price amount={d.price} /></> : 'Included'}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className={styles.quantityRow}>
        <span className={styles.quantityLabel} aria-hidden="true">
          Quantity
        </span>
        <QuantityStepper value={choice.quantity} onChange={(quantity) => change({ quantity })} />
      </div>
      <dl className={styles.summary} aria-live="polite">
        <div>
          <dt>
            {product.name}
            {product.sizes.length > 1 ? ` (${size.label})` : ''} × {choice.quantity}
          </dt>
          <dd>
            <Price amount={size.price * choice.quantity} />
          </dd>
        </div>
        {design && (
          <div>
            <dt>
              Design: {design.title} × {choice.quantity}
            </dt>
            <dd>{design.price > 0 ? <Price amount={design.price * choice.quantity} /> : 'Included'}</dd>
          </div>
        )}
        <div className={styles.total}>
          <dt>Total</dt>
          <dd>
            <Price amount={choiceTotal(product, choice)} />
          </dd>
        </div>
      </dl>
      <button type="submit" className={styles.addButton} disabled={!product.inStock}>
        {product.inStock ? 'Add to cart' : 'Out of stock'}
      </button>
    </form>
  );
}
