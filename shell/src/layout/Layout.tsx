import { useState } from 'react';
import { whenCartMounts } from '../federation/demand';
import { isBackofficeRoute, isKnownRoute, isNewsletterConfirmRoute, isUnsubscribeRoute, showsFooter, showsMainHeader } from '../routes';
import { AlertBanner } from './AlertBanner';
import { ConfirmDialog } from './ConfirmDialog';
import { ShellErrorBoundary } from './ErrorFallback';
import { Footer } from './Footer';
import { Header } from './Header';
import { ParcelRegion } from './ParcelRegion';
import { ProgressBar } from './ProgressBar';
import styles from './shell.module.css';
import { Toasts } from './Toasts';
import { NewsletterConfirm } from './NewsletterConfirm';
import { Unsubscribe } from './Unsubscribe';
import { usePathname } from './usePathname';
import { regionMarker, type Boundary } from '@adire/contracts';
import { isServerDraw } from '../pageLocation';
import { drawnRegionHtml } from './FrameCommitted';
import { ControlsOnceRunning } from './ControlsOnceRunning';

/**
 * A route application's region. Drawn on the server, it holds a marker where the server puts the
 * region's own HTML. Hydrating, it keeps that HTML as inner HTML for the region's application to
 * hydrate — for as long as it is mounted: React leaves inner HTML it set alone, but would empty the
 * element if it were dropped. Rendered in the browser, it is empty: the application's from the start.
 */
function RouteRegion({ id, region }: { id: string; region: Boundary }) {
  const [drawn] = useState(() => (isServerDraw() ? regionMarker(region) : drawnRegionHtml(id)));
  return <div id={id} data-region={region} {...(drawn === null ? {} : { dangerouslySetInnerHTML: { __html: drawn } })} />;
}


/**
 * The cart drawer loads with the page, after its main content, when the shopper already has a cart,
 * an order or a login; otherwise when first needed (a cart command is held for it), and on the
 * checkout when the shopper reaches for its cart (see demand.ts, whenCartMounts).
 */
const cartMounts = () => whenCartMounts();

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
    <ShellErrorBoundary>
      <div data-boundary="shell" className={styles.page} id="top">
        <a href="#main-content" className={styles.skip}>
          Skip to content
        </a>
        <ProgressBar />
        {showsMainHeader(pathname) && (
          <>
            <ControlsOnceRunning>
              <AlertBanner />
            </ControlsOnceRunning>
            {/* The header disables its own controls until it runs: its search works from the start. */}
            <Header />
          </>
        )}
        <main id="main-content" className={styles.main}>
          <RouteRegion id="app-catalog" region="catalog" />
          <RouteRegion id="app-checkout" region="checkout" />
          <div id="app-account" data-region="account" />
          <div id="app-backoffice" data-region="backoffice" />
          {isUnsubscribeRoute(pathname) && <Unsubscribe />}
          {isNewsletterConfirmRoute(pathname) && <NewsletterConfirm />}
          {!isKnownRoute(pathname) && <NotFound />}
        </main>
        {showsFooter(pathname) && (
          <ControlsOnceRunning>
            <Footer />
          </ControlsOnceRunning>
        )}
        {!isBackofficeRoute(pathname) && <ParcelRegion remote="cart" label="Cart" className={styles.overlaySlot} when={cartMounts} />}
        <Toasts />
        <ConfirmDialog />
      </div>
    </ShellErrorBoundary>
  );
}
