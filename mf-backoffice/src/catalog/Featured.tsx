import { Link, useSearchParams } from '@adire/router';
import type { FeaturedAnswer, FeaturedListRequest, FeaturedListResult, FoundProduct, ProductSearchQuery, StaffFeaturedList as FeaturedList } from '@adire/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';
import { moveItem, withProduct, type ListedProduct } from './lists';

const GROUPS = [
  { kind: 'occasion', label: 'Occasions' },
  { kind: 'location', label: 'Delivery locations' },
] as const;

/** Which list is which, for the picker: "Valentine's flowers (valentines-day, flowers)". */
const describe = (l: FeaturedList) => `${l.title} (${l.key}${l.section === 'main' ? '' : `, ${l.section}`})`;

/** The featured lists of the home page and the occasion pages: a manager picks a list's products and their order. */
export function Featured() {
  const [params, setParams] = useSearchParams();
  const [lists, setLists] = useState<FeaturedList[] | null>(null);
  const [max, setMax] = useState(24);
  const [error, setError] = useState('');
  useEffect(() => {
    void staffApi.get<FeaturedAnswer>(paths.featured).then((res) => {
      if (res.error || !res.data) return setError(res.message);
      setLists(res.data.lists);
      setMax(res.data.max);
    });
  }, []);
  const chosen = lists?.find((l) => l.id === params.get('list')) ?? lists?.[0];

  return (
    <section className={styles.page}>
      <p>
        <Link to="/catalog">← Catalogue</Link>
      </p>
      <h1>Featured products</h1>
      <p className={styles.note}>What the home page and each occasion show first, in this order. Shoppers see a change on their next page load.</p>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {!lists && !error && <p>Loading the featured lists…</p>}
      {lists && chosen && (
        <>
          <form className={styles.filters} aria-label="Choose a featured list" onSubmit={(e) => e.preventDefault()}>
            <label>
              <span id="featured-list-label">Featured list</span>
              <select aria-labelledby="featured-list-label" value={chosen.id} onChange={(e) => setParams({ list: e.target.value }, { replace: true })}>
                {GROUPS.map((g) => (
                  <optgroup key={g.kind} label={g.label}>
                    {lists
                      .filter((l) => l.kind === g.kind)
                      .map((l) => (
                        <option key={l.id} value={l.id}>
                          {describe(l)}
                        </option>
                      ))}
                  </optgroup>
                ))}
              </select>
            </label>
          </form>
          <ListEditor key={chosen.id} list={chosen} max={max} onSaved={(saved) => setLists((all) => all && all.map((l) => (l.id === saved.id ? saved : l)))} />
        </>
      )}
    </section>
  );
}

function ListEditor({ list, max, onSaved }: { list: FeaturedList; max: number; onSaved: (list: FeaturedList) => void }) {
  const [items, setItems] = useState<ListedProduct[]>(list.products);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<ListedProduct[]>([]);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    const text = search.trim();
    if (text.length < 2) return setFound([]);
    const controller = new AbortController();
    void staffApi.get<FoundProduct[], ProductSearchQuery>(paths.products, { search: text, limit: 8 }, controller.signal).then((res) => {
      if (!controller.signal.aborted) setFound(res.data ?? []);
    });
    return () => controller.abort();
  }, [search]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaid('');
    setError('');
    const res = await staffApi.put<FeaturedListResult, FeaturedListRequest>(paths.featuredList(list.id), { products: items.map((p) => p.slug) });
    if (res.error || !res.data) return setError(res.message);
    setSaid(res.data.message);
    setItems(res.data.list.products);
    onSaved(res.data.list);
  };

  return (
    <form aria-label={list.title} className={`${styles.form} ${styles.panel}`} onSubmit={(e) => void save(e)}>
      <h2>{list.title}</h2>
      <p className={styles.note}>
        {list.kind === 'occasion' ? `Occasion ${list.key}` : `Delivery to ${list.key}`}
        {list.section === 'main' ? '' : `, section ${list.section}`} · {items.length} of at most {max}
      </p>
      <ol className={styles.lines} aria-label={`Products of ${list.title}`}>
        {items.map((p, i) => (
          <li key={p.slug} className={styles.listed}>
            <span>
              {i + 1}. {p.name} <span className={styles.note}>({p.sku}{p.inStock ? '' : ', sold out'})</span>
            </span>
            <span className={styles.moves}>
              <button type="button" className={styles.secondary} aria-label={`Move ${p.name} up`} disabled={i === 0} onClick={() => setItems((all) => moveItem(all, i, -1))}>
                ↑
              </button>
              <button type="button" className={styles.secondary} aria-label={`Move ${p.name} down`} disabled={i === items.length - 1} onClick={() => setItems((all) => moveItem(all, i, 1))}>
                ↓
              </button>
              <button type="button" className={styles.secondary} aria-label={`Remove ${p.name}`} onClick={() => setItems((all) => all.filter((x) => x.slug !== p.slug))}>
                Remove
              </button>
            </span>
          </li>
        ))}
      </ol>
      <label>
        Find a product to add
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name or SKU" />
      </label>
      {found.length > 0 && (
        <ul className={styles.lines} aria-label="Products found">
          {found.map((p) => (
            <li key={p.slug}>
              <button type="button" className={styles.secondary} disabled={items.some((x) => x.slug === p.slug)} onClick={() => setItems((all) => withProduct(all, p))}>
                Add {p.name}
              </button>{' '}
              <span className={styles.note}>({p.sku}{p.inStock ? '' : ', sold out'})</span>
            </li>
          ))}
        </ul>
      )}
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
          Save list
        </button>
      </div>
    </form>
  );
}
