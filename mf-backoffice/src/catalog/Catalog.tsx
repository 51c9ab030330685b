import type { DesignPricesRequest, DesignPricesResult, FoundProduct as Found, ProductChangeRequest, ProductSearchQuery, ProductChangeResult, ShopDesign, StaffProduct as Product } from '@adire/contracts';
import { amountFromWord, formatAmount } from '@adire/domain';
import { Link, useParams } from '@adire/router';
import { useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { defaultAfter, designsToSave, type DesignChoice } from './lists';

/** What each design adds to a product's price, for every product that offers it (= `pnpm catalog set-design-price`). */
function DesignPrices() {
  const [designs, setDesigns] = useState<ShopDesign[] | null>(null);
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const show = (list: ShopDesign[]) => {
    setDesigns(list);
    setPrices(Object.fromEntries(list.map((d) => [d.code, String(d.priceNgn)])));
  };
  useEffect(() => {
    void staffApi.get<ShopDesign[]>(paths.designs).then((res) => (res.error || !res.data ? setError(res.message) : show(res.data)));
  }, []);
  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaid('');
    setError('');
    setFields({});
    const changed = Object.fromEntries(
      Object.entries(prices)
        .filter(([code, text]) => text.trim() !== String(designs?.find((d) => d.code === code)?.priceNgn))
        .map(([code, text]) => [code, amountFromWord(text)]),
    );
    const res = await staffApi.put<DesignPricesResult, DesignPricesRequest>(paths.designs, { prices: changed });
    if (res.error || !res.data) {
      setError(res.message);
      setFields(res.fields ?? {});
      return;
    }
    setSaid(res.data.message);
    show(res.data.designs);
  };
  if (!designs) return error ? <p role="alert" className={styles.error}>{error}</p> : null;
  return (
    <form aria-label="Design prices" className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void save(e)}>
      <h2>Design prices</h2>
      <p className={styles.note}>What a design adds to the price of every product that offers it (0: no charge).</p>
      {designs.map((d) => (
        <label key={d.code}>
          {d.title} adds (₦)
          <input inputMode="numeric" value={prices[d.code] ?? ''} onChange={(e) => setPrices((p) => ({ ...p, [d.code]: e.target.value }))} aria-invalid={!!fields[`prices.${d.code}`]} />
          {fields[`prices.${d.code}`] && <span className={styles.error}>{fields[`prices.${d.code}`]}</span>}
        </label>
      ))}
      <p role="status" className={styles.success}>
        {said}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Save design prices
        </button>
      </div>
    </form>
  );
}

/** Find a product by name or SKU; the featured lists; what designs add to a price. */
export function Catalog() {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    void staffApi.get<Found[], ProductSearchQuery>(paths.products, { search: search.trim() || undefined }, controller.signal).then((res) => {
      if (controller.signal.aborted) return;
      if (res.error || !res.data) return setError(res.message);
      setError('');
      setFound(res.data);
    });
    return () => controller.abort();
  }, [search]);
  return (
    <section className={styles.page}>
      <h1>Catalogue</h1>
      <p>
        <Link to="/catalog/featured">Featured products per occasion and location</Link>
      </p>
      <form role="search" aria-label="Find products" className={styles.filters} onSubmit={(e) => e.preventDefault()}>
        <label>
          Product name or SKU
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </form>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {found && (
        <ul className={styles.lines} aria-label="Products">
          {found.map((p) => (
            <li key={p.slug}>
              <Link to={`/catalog/${p.slug}`}>{p.name}</Link> <span className={styles.note}>({p.sku}{p.inStock ? '' : ', sold out'})</span>
            </li>
          ))}
        </ul>
      )}
      <DesignPrices />
    </section>
  );
}

/** A product's size prices, its stock (the same rule as `pnpm orders set-stock`) and the designs it offers. */
export function ProductEditor() {
  const { slug = '' } = useParams();
  const [product, setProduct] = useState<Product | null>(null);
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [stock, setStock] = useState('');
  const [offered, setOffered] = useState<Set<string>>(new Set());
  const [defaultDesign, setDefaultDesign] = useState('');
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});

  const show = (p: Product) => {
    setProduct(p);
    setPrices(Object.fromEntries(p.sizes.map((s) => [s.sku, String(s.priceNgn)])));
    setStock(p.stock === null ? '' : String(p.stock));
    const offeredNow = p.designs.filter((d) => d.offered);
    setOffered(new Set(offeredNow.map((d) => d.code)));
    setDefaultDesign(offeredNow[0]?.code ?? '');
  };
  const offer = (code: string, on: boolean) => {
    const next = new Set(offered);
    if (on) next.add(code);
    else next.delete(code);
    setOffered(next);
    setDefaultDesign(defaultAfter(product?.designs ?? [], next, defaultDesign));
  };
  useEffect(() => {
    void staffApi.get<Product>(paths.product(slug)).then((res) => (res.error || !res.data ? setError(res.message) : show(res.data)));
  }, [slug]);

  const save = async (event: FormEvent<HTMLFormElement>, body: ProductChangeRequest) => {
    event.preventDefault();
    setSaid('');
    setError('');
    setFields({});
    const res = await staffApi.put<ProductChangeResult, ProductChangeRequest>(paths.product(slug), body);
    if (res.error || !res.data) {
      setError(res.message);
      setFields(res.fields ?? {});
      return;
    }
    setSaid(res.data.messages.join(' '));
    show(res.data.product);
  };

  if (!product) {
    return (
      <section className={styles.page}>
        <h1>Product</h1>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : (
          <p>Loading the product…</p>
        )}
      </section>
    );
  }

  const asPrice = amountFromWord;
  /** Units left as a number; text that is not one goes as typed, for the server to refuse beside `stock` (400). */
  const unitsAsTyped = (text: string) => asPrice(text) as number;
  return (
    <section className={styles.page}>
      <p>
        <Link to="/catalog">← Catalogue</Link>
      </p>
      <h1>{product.name}</h1>
      <p className={styles.note}>
        {product.sku} · {product.inStock ? 'on sale' : 'sold out'} · {product.stock === null ? 'not limited' : `${product.stock} left`} · <a href={`/product/${product.slug}`}>see it in the store</a>
      </p>
      <p role="status" className={styles.success}>
        {said}
      </p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      <form aria-label="Sizes and prices" className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void save(e, { prices: Object.fromEntries(Object.entries(prices).map(([sku, p]) => [sku, asPrice(p)])) })}>
        <h2>Sizes and prices</h2>
        {product.sizes.map((s) => (
          <label key={s.sku}>
            Price of {s.label} (₦)
            <input inputMode="numeric" value={prices[s.sku] ?? ''} onChange={(e) => setPrices((p) => ({ ...p, [s.sku]: e.target.value }))} aria-invalid={!!fields[`prices.${s.sku}`]} />
            <span className={styles.note}>now {formatAmount(s.priceNgn, 'NGN')}</span>
            {fields[`prices.${s.sku}`] && <span className={styles.error}>{fields[`prices.${s.sku}`]}</span>}
          </label>
        ))}
        <button type="submit" className={styles.primary}>
          Save prices
        </button>
      </form>
      <form aria-label="Stock" className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void save(e, { stock: stock.trim() === '' ? null : unitsAsTyped(stock) })}>
        <h2>Availability and stock</h2>
        <label>
          Units left
          <input inputMode="numeric" value={stock} onChange={(e) => setStock(e.target.value)} aria-describedby="stock-help" />
        </label>
        <p id="stock-help" className={styles.note}>
          Empty: on sale, not limited. 0: sold out.
        </p>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Save stock
          </button>
        </div>
      </form>
      <form aria-label="Designs" className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void save(e, { designs: designsToSave(product.designs, offered, defaultDesign) })}>
        <h2>Designs</h2>
        <fieldset className={styles.choices}>
          <legend>Designs offered</legend>
          {product.designs.map((d) => (
            <label key={d.code} className={styles.check}>
              <input type="checkbox" checked={offered.has(d.code)} onChange={(e) => offer(d.code, e.target.checked)} />
              {d.title} <span className={styles.note}>(adds {formatAmount(d.priceNgn, 'NGN')})</span>
            </label>
          ))}
        </fieldset>
        {offered.size > 0 ? (
          <label>
            <span id="default-design-label">Default design</span>
            <select aria-labelledby="default-design-label" value={defaultDesign} onChange={(e) => setDefaultDesign(e.target.value)}>
              {product.designs
                .filter((d) => offered.has(d.code))
                .map((d) => (
                  <option key={d.code} value={d.code}>
                    {d.title}
                  </option>
                ))}
            </select>
          </label>
        ) : (
          <p className={styles.note}>None offered: shoppers have no design to choose.</p>
        )}
        {fields.designs && <p className={styles.error}>{fields.designs}</p>}
        <p className={styles.note}>
          What a design adds to the price is the same for every product: <Link to="/catalog">Design prices</Link> on the catalogue page.
        </p>
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Save designs
          </button>
        </div>
      </form>
    </section>
  );
}
