import { ConfirmDialog } from './ConfirmDialog';
import { Footer } from './Footer';
import { Header } from './Header';
import { ParcelRegion } from './ParcelRegion';
import styles from './shell.module.css';
import { Toasts } from './Toasts';
import { usePathname } from './usePathname';
import { isKnownRoute, showsFooter, showsMainHeader } from '../routes';

function NotFound() {
  return (
    <section className={styles.notFound}>
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <a href="/">Go Home</a>
    </section>
  );
}

/** The page frame the shell owns. Route applications mount into the reserved main regions. */
export function Layout() {
  const pathname = usePathname();
  return (
    <div data-boundary="shell" className={styles.page}>
      <a href="#main-content" className={styles.skip}>
        Skip to content
      </a>
      {showsMainHeader(pathname) && <Header />}
      <main id="main-content" className={styles.main}>
        <div id="app-catalog" data-region="catalog" />
        <div id="app-checkout" data-region="checkout" />
        {!isKnownRoute(pathname) && <NotFound />}
      </main>
      {showsFooter(pathname) && <Footer />}
      <ParcelRegion remote="cart" label="Cart" className={styles.overlaySlot} />
      <Toasts />
      <ConfirmDialog />
    </div>
  );
}
