import type { DeliveryLocation, FeaturedList } from '@adire/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useApi } from '../useApi';
import { GridSkeleton, ProductGrid } from '../ui/ProductGrid';
import { locationFeatured } from './featured';
import { FIRST_LOCATION, listsFor, LOCATIONS, wrapIndex } from './showcase';
import styles from './home.module.css';

const PRODUCTS_SHOWN = 8;

/** Featured lists per delivery location, behind Lagos / Abuja / Other locations tabs. */
export function LocationPicks() {
  const [location, setLocation] = useState<DeliveryLocation>(FIRST_LOCATION);
  const source = locationFeatured(location);
  const result = useApi(source.key, source.load);
  // While another location loads, the last one stays on screen (dimmed), so nothing jumps.
  const lastShown = useRef<FeaturedList[] | null>(null);
  if (result.status === 'ready') lastShown.current = listsFor(result.data, 'location', location);
  const lists = lastShown.current;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = LOCATIONS.findIndex((l) => l.value === location);

  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: LOCATIONS.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const i = wrapIndex(moves[e.key]!, LOCATIONS.length);
    setLocation(LOCATIONS[i]!.value);
    tabs.current[i]?.focus();
  };

  return (
    <section className={styles.section} aria-labelledby="picks-heading">
      <div className={styles.sectionHead}>
        <h2 id="picks-heading">Popular where you send</h2>
        <div role="tablist" aria-label="Delivery location" className={styles.tabs} onKeyDown={onKey}>
          {LOCATIONS.map((l, i) => (
            <button
              key={l.value}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`picks-tab-${l.value}`}
              aria-selected={l.value === location}
              aria-controls="picks-panel"
              tabIndex={l.value === location ? 0 : -1}
              className={styles.tab}
              onClick={() => setLocation(l.value)}
            >
              {l.label}
            </button>
          ))}
        </div>
      </div>
      <div role="tabpanel" id="picks-panel" aria-labelledby={`picks-tab-${location}`}>
        {lists === null && result.status !== 'error' && <GridSkeleton count={PRODUCTS_SHOWN} fourUp />}
        {result.status === 'error' && <p>{result.message}</p>}
        {lists?.map((list) => (
          <div key={`${list.key}:${list.section}`} className={styles.pickList}>
            {lists.length > 1 && <h3>{list.title}</h3>}
            <ProductGrid products={list.products.slice(0, PRODUCTS_SHOWN)} label={list.title} busy={result.status === 'loading'} fourUp />
          </div>
        ))}
        {lists?.length === 0 && <p>Our florists are picking new favourites for this area.</p>}
      </div>
    </section>
  );
}
