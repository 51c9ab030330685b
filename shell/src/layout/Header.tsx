import { DEFAULT_CATEGORY_SLUG } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';
import { navigateToUrl } from 'single-spa';
import { useEffect, useRef, useState } from 'react';
import { loadLifecycles } from '../federation/remotes';
import { CurrencySelector } from './CurrencySelector';
import { DesktopMenu, MobileMenu } from './Menu';
import { go } from './navigation';
import { AccountRegion } from './AccountRegion';
import { ControlsOnceRunning } from './ControlsOnceRunning';
import styles from './shell.module.css';
import { pageLocation } from '../pageLocation';

/** SPEC section 9: the search waits this long after the last key. */
const SEARCH_DEBOUNCE_MS = 300;

const SEARCH_ID = 'header-search';

/** Where a search goes: the results page, or the bestsellers for an empty box (scripts on). */
const searchTarget = (text: string) => {
  const query = text.trim();
  return query ? `/filters?search=${encodeURIComponent(query)}` : `/product-category/${DEFAULT_CATEGORY_SLUG}`;
};

/**
 * The search box: its only contract with the catalog is the URL /filters?search=. A real GET form to
 * /filters, so it works the moment the page is drawn and with scripts off (it sits outside the
 * controls that wait for the page to run); once running, the results follow the typing 300 ms after
 * the last key, and Enter goes at once. Always shown on desktop; on phones it opens under the header
 * row from the Search toggle (`open`), or — before and without scripts — as the toggle's #target.
 */
/** The drawn search box's text as the page starts running (null on the server, or when it is empty). */
const typedBeforeRunning = (): string | null =>
  (typeof document === 'undefined' ? null : document.querySelector<HTMLInputElement>(`#${SEARCH_ID} input[name="search"]`)?.value) || null;

function SearchBox({ open }: { open: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  // What the shopper typed into the drawn box before the page ran is kept (the box works before the
  // scripts): read from it as the page hydrates, else an empty controlled box would wipe it and Enter
  // would search for nothing (the bestsellers).
  const [typed] = useState(typedBeforeRunning);
  const asked = new URLSearchParams(pageLocation().search).get('search') ?? '';
  const [text, setText] = useState(typed ?? asked);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Words typed before the page ran bring their results as typing does afterwards (300 ms after it runs).
  const touched = useRef(typed !== null && typed !== asked);
  useEffect(() => {
    if (!touched.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => navigateToUrl(searchTarget(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [text]);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  return (
    <form
      role="search"
      id={SEARCH_ID}
      action="/filters"
      method="get"
      className={`${styles.search} ${open ? styles.searchOpen : ''}`}
      onSubmit={(e) => {
        e.preventDefault();
        clearTimeout(timer.current);
        navigateToUrl(searchTarget(input.current?.value ?? text));
      }}
    >
      <input
        ref={input}
        type="search"
        name="search"
        aria-label="Search flowers and gifts"
        placeholder="Search flowers and gifts"
        enterKeyHint="search"
        value={text}
        onChange={(e) => {
          touched.current = true;
          setText(e.target.value);
        }}
      />
    </form>
  );
}

const prefetchCart = () => void loadLifecycles('cart').catch(() => {}); // a failure shows once it is opened

const iconProps = { width: 20, height: 20, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

/** Shown on phones only, where the word 'Cart' gives way to the icon (the button keeps its name). */
function CartIcon() {
  return (
    <svg {...iconProps} className={styles.phoneIcon}>
      <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
      <circle cx="9" cy="20" r="1.3" />
      <circle cx="17" cy="20" r="1.3" />
    </svg>
  );
}

/**
 * Phones: the Search toggle in the header row opens the search box under it. A link to the box
 * (#header-search), so before and without scripts it still opens it (the box shows as the page's
 * :target); once running, a disclosure button.
 */
function SearchToggle({ open, onToggle }: { open: boolean; onToggle(): void }) {
  return (
    <a
      href={`#${SEARCH_ID}`}
      role="button"
      className={styles.searchToggle}
      aria-label="Search"
      aria-expanded={open}
      aria-controls={SEARCH_ID}
      onClick={(e) => {
        e.preventDefault();
        // Opened by its link before the page ran: the address forgets it, the state takes over.
        if (window.location.hash === `#${SEARCH_ID}`) history.replaceState(history.state, '', window.location.pathname + window.location.search);
        onToggle();
      }}
    >
      <svg {...iconProps}>
        <circle cx="11" cy="11" r="7" />
        <path d="m20 20-3.5-3.5" />
      </svg>
    </a>
  );
}

/** A search in the address (/filters?search=…) keeps the phone's search box open, showing what was asked. */
const hasSearch = () => !!new URLSearchParams(pageLocation().search).get('search');

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
      <CartIcon />
      <span className={styles.cartLabel}>Cart</span> <span className={styles.badge}>{count}</span>
    </button>
  );
}

/**
 * Desktop: brand, search, contact, currency, account and cart in a row, the menu under it. Phones
 * (650 px and narrower): one compact row — menu, brand, search button, account, cart — with the
 * search box a tap away under it and the currency and contact link in the menu's sidebar.
 */
export function Header() {
  const [searchOpen, setSearchOpen] = useState(hasSearch);
  return (
    <header className={styles.header}>
      <div className={styles.headerRow}>
        <ControlsOnceRunning>
          <MobileMenu />
        </ControlsOnceRunning>
        <a href="/" onClick={go} className={styles.brand}>
          Adire Blooms
        </a>
        <SearchBox open={searchOpen} />
        <ControlsOnceRunning>
          <div className={styles.headerTools}>
            <SearchToggle open={searchOpen} onToggle={() => setSearchOpen((o) => !o)} />
            <a href="/#contact" className={styles.contact}>
              Contact
            </a>
            <CurrencySelector />
            <AccountRegion />
            <CartButton />
          </div>
        </ControlsOnceRunning>
      </div>
      <ControlsOnceRunning>
        <DesktopMenu />
      </ControlsOnceRunning>
    </header>
  );
}
