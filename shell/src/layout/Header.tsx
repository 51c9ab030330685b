import { CURRENCY_NAMES, DEFAULT_CATEGORY_SLUG, SEARCH_DEBOUNCE_MS, type Category } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';
import { navigateToUrl } from 'single-spa';
import { useEffect, useRef, useState } from 'react';
import { selectCurrency } from '../boot/handshake';
import { ParcelRegion } from './ParcelRegion';
import styles from './shell.module.css';

const GROUPS: { key: Category['group']; label: string }[] = [
  { key: 'occasions', label: 'Occasions' },
  { key: 'flowers', label: 'Flowers' },
  { key: 'gifts', label: 'Gifts' },
  { key: 'plants', label: 'Plants' },
];

/** Client-side navigation for plain links (modified clicks still open a new tab as usual). */
function go(event: React.MouseEvent<HTMLAnchorElement>) {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigateToUrl(event.currentTarget.href);
}

function MainMenu() {
  const categories = useBusValue('categories:loaded', []);
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  return (
    <nav aria-label="Main menu" className={styles.menu}>
      <ul className={styles.menuList}>
        {GROUPS.map((g) => {
          const items = categories.filter((c) => c.group === g.key);
          const id = `menu-${g.key}`;
          return (
            <li key={g.key} className={styles.menuItem}>
              <button type="button" aria-expanded={openGroup === g.key} aria-controls={id} onClick={() => setOpenGroup((o) => (o === g.key ? null : g.key))}>
                {g.label}
              </button>
              <ul id={id} hidden={openGroup !== g.key} className={styles.subMenu}>
                {items.map((c) => (
                  <li key={c.slug}>
                    <a href={`/product-category/${c.slug}`} onClick={(e) => { setOpenGroup(null); go(e); }}>
                      {c.name}
                    </a>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
        <li><a href="/vip" onClick={go}>VIP</a></li>
        <li><a href="/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja" onClick={go}>FAQ</a></li>
        <li><a href="/order-tracker" onClick={go}>Track</a></li>
      </ul>
    </nav>
  );
}

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
      <select aria-label="Currency" value={currency?.name ?? 'NGN'} onChange={(e) => selectCurrency(e.target.value)}>
        {CURRENCY_NAMES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

function CartButton() {
  const summary = useBusValue('cart:summary');
  const count = summary?.itemCount ?? 0;
  return (
    <button
      type="button"
      className={styles.cartButton}
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      onClick={() => bus.emit('cart:open', { from: 'main-header' })}
    >
      Cart <span className={styles.badge}>{count}</span>
    </button>
  );
}

export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.headerRow}>
        <a href="/" onClick={go} className={styles.brand}>
          Adire Blooms
        </a>
        <SearchBox />
        <div className={styles.headerTools}>
          <a href="/#contact" className={styles.contact}>
            Contact
          </a>
          <CurrencySelector />
          <ParcelRegion remote="account" label="Account" className={styles.accountSlot} compact />
          <CartButton />
        </div>
      </div>
      <MainMenu />
    </header>
  );
}
