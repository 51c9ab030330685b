import { CURRENCY_NAMES, DEFAULT_CATEGORY_SLUG, SEARCH_DEBOUNCE_MS } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';
import { navigateToUrl } from 'single-spa';
import { useEffect, useRef, useState } from 'react';
import { selectCurrency } from '../boot/handshake';
import { loadLifecycles } from '../federation/remotes';
import { DesktopMenu, MobileMenu } from './Menu';
import { go } from './navigation';
import { AccountRegion } from './AccountRegion';
import styles from './shell.module.css';

/** The search box: its only contract with the catalog is the URL /filters?search=. */
function SearchBox() {
  const [text, setText] = useState(() => new URLSearchParams(window.location.search).get('search') ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const touched = useRef(false);
  useEffect(() => {
    if (!touched.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const query = text.trim();
      navigateToUrl(query ? `/filters?search=${encodeURIComponent(query)}` : `/product-category/${DEFAULT_CATEGORY_SLUG}`);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [text]);
  return (
    <form role="search" className={styles.search} onSubmit={(e) => e.preventDefault()}>
      <input
        type="search"
        aria-label="Search flowers and gifts"
        placeholder="Search flowers and gifts"
        value={text}
        onChange={(e) => {
          touched.current = true;
          setText(e.target.value);
        }}
      />
    </form>
  );
}

function CurrencySelector() {
  const currency = useBusValue('currency:changed');
  return (
    <label className={styles.currency}>
      <span className={styles.visuallyHidden}>Currency</span>
      <select aria-label="Currency" value={currency?.name ?? 'NGN'} disabled={!currency} onChange={(e) => selectCurrency(e.target.value)}>
        {CURRENCY_NAMES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

const prefetchCart = () => void loadLifecycles('cart').catch(() => {}); // a failure shows once it is opened

function CartButton() {
  const summary = useBusValue('cart:summary');
  const count = summary?.itemCount ?? 0;
  return (
    <button
      type="button"
      className={styles.cartButton}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      onClick={() => bus.emit('cart:open', { from: 'main-header' })}
      // The cart remote may not be loaded yet (first visit): start fetching it at the first sign of use.
      onPointerEnter={prefetchCart}
      onFocus={prefetchCart}
    >
      Cart <span className={styles.badge}>{count}</span>
    </button>
  );
}

export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.headerRow}>
        <MobileMenu />
        <a href="/" onClick={go} className={styles.brand}>
          Adire Blooms
        </a>
        <SearchBox />
        <div className={styles.headerTools}>
          <a href="/#contact" className={styles.contact}>
            Contact
          </a>
          <CurrencySelector />
          <AccountRegion />
          <CartButton />
        </div>
      </div>
      <DesktopMenu />
    </header>
  );
}
