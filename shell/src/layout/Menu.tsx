import type { Category } from '@adire/contracts';
import { useBusValue } from '@adire/ui';
import { useEffect, useRef, useState } from 'react';
import { CurrencySelector } from './CurrencySelector';
import { go } from './navigation';
import styles from './shell.module.css';

const GROUPS: { key: Category['group']; label: string }[] = [
  { key: 'occasions', label: 'Occasions' },
  { key: 'flowers', label: 'Flowers' },
  { key: 'gifts', label: 'Gifts' },
  { key: 'plants', label: 'Plants' },
];

const EXTRA_LINKS = [
  { label: 'VIP', href: '/vip' },
  { label: 'FAQ', href: '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja' },
  { label: 'Track', href: '/order-tracker' },
];

/** Menu groups built from the categories endpoint, so a new category needs no shell release. */
function useMenuGroups() {
  const categories = useBusValue('categories:loaded', []);
  return GROUPS.map((g) => ({ ...g, items: categories.filter((c) => c.group === g.key) }));
}

/** Desktop (wider than 650 px): a row of groups, each opening its sub-menu. */
export function DesktopMenu() {
  const groups = useMenuGroups();
  const [openGroup, setOpenGroup] = useState<string | null>(null);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!openGroup) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenGroup(null);
      navRef.current?.querySelector<HTMLButtonElement>(`[aria-controls="menu-${openGroup}"]`)?.focus();
    };
    const onClick = (e: MouseEvent) => !navRef.current?.contains(e.target as Node) && setOpenGroup(null);
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [openGroup]);

  return (
    <nav aria-label="Main menu" className={styles.desktopMenu} ref={navRef}>
      <ul className={styles.menuList}>
        {groups.map((g) => (
          <li key={g.key} className={styles.menuItem}>
            <button type="button" aria-expanded={openGroup === g.key} aria-controls={`menu-${g.key}`} onClick={() => setOpenGroup((o) => (o === g.key ? null : g.key))}>
              {g.label} <span aria-hidden="true">▾</span>
            </button>
            <ul id={`menu-${g.key}`} hidden={openGroup !== g.key} className={styles.subMenu} aria-label={g.label}>
              {g.items.map((c) => (
                <li key={c.slug}>
                  <a href={`/product-category/${c.slug}`} onClick={(e) => { setOpenGroup(null); go(e); }}>
                    {c.name}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {EXTRA_LINKS.map((l) => (
          <li key={l.href} className={styles.menuItem}>
            <a href={l.href} onClick={go}>
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Mobile (650 px and narrower): a Menu button opening a sidebar with the same groups. */
export function MobileMenu() {
  const groups = useMenuGroups();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  function close() {
    setOpen(false);
    toggleRef.current?.focus();
  }

  return (
    <div className={styles.mobileMenu}>
      <button ref={toggleRef} type="button" className={styles.menuToggle} aria-expanded={open} aria-controls="mobile-sidebar" onClick={() => setOpen(true)}>
        <span aria-hidden="true">☰</span>
        <span className={styles.visuallyHidden}>Menu</span>
      </button>
      {open && <div className={styles.sidebarBackdrop} onClick={close} aria-hidden="true" />}
      <div id="mobile-sidebar" role="dialog" aria-modal="true" aria-label="Menu" className={styles.sidebar} hidden={!open}>
        <div className={styles.sidebarHead}>
          <strong>Adire Blooms</strong>
          <button ref={closeRef} type="button" aria-label="Close menu" onClick={close}>
            ×
          </button>
        </div>
        <nav aria-label="Mobile menu">
          <ul className={styles.sidebarList}>
            {groups.map((g) => (
              <li key={g.key}>
                <button type="button" aria-expanded={expanded === g.key} aria-controls={`mobile-menu-${g.key}`} onClick={() => setExpanded((x) => (x === g.key ? null : g.key))}>
                  {g.label}
                </button>
                <ul id={`mobile-menu-${g.key}`} hidden={expanded !== g.key}>
                  {g.items.map((c) => (
                    <li key={c.slug}>
                      <a href={`/product-category/${c.slug}`} onClick={(e) => { setOpen(false); go(e); }}>
                        {c.name}
                      </a>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {EXTRA_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href} onClick={(e) => { setOpen(false); go(e); }}>
                  {l.label}
                </a>
              </li>
            ))}
            {/* The header's contact link (SPEC 2), which has no room in the phone's row. */}
            <li>
              <a href="/#contact" onClick={() => setOpen(false)}>
                Contact
              </a>
            </li>
          </ul>
        </nav>
        <CurrencySelector className={styles.sidebarCurrency} />
      </div>
    </div>
  );
}
