import type { ReactNode } from 'react';
import { cartHasWork, whenDemanded } from '../federation/demand';
import { mainContentSettled } from '../federation/settled';
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
import { regionMarker } from '@adire/contracts';
import { isServerDraw } from '../pageLocation';

/** Drawn on the server, a route region holds a marker where the server puts the region's own HTML. */
const drawnRegion = (region: string) => (isServerDraw() ? { dangerouslySetInnerHTML: { __html: regionMarker(region) } } : {});

/**
 * The cart drawer loads with the page, after its main content, when the shopper already has a cart,
 * an order or a login; otherwise when first needed (a cart command is held for it, see demand.ts).
 */
const whenCartMounts = () => (cartHasWork() ? mainContentSettled() : whenDemanded('cart'));

function NotFound() {
  return (
    <section className={styles.notFound}>
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <a href="/">Go Home</a>
    </section>
  );
}

/**
 * Drawn on the server, the frame's controls are disabled: they work once the shell has drawn the frame
 * in the browser (a tap on the cart before then would do nothing). Links keep working. The fieldset
 * has no box of its own (display: contents), so nothing moves when the browser's frame replaces it.
 */
function ControlsOnceRunning({ children }: { children: ReactNode }) {
  if (!isServerDraw()) return children;
  return (
    <fieldset disabled role="presentation" className={styles.drawnControls}>
      {children}
    </fieldset>
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
          <ControlsOnceRunning>
            <AlertBanner />
            <Header />
          </ControlsOnceRunning>
        )}
        <main id="main-content" className={styles.main}>
          <div id="app-catalog" data-region="catalog" {...drawnRegion('catalog')} />
          <div id="app-checkout" data-region="checkout" {...drawnRegion('checkout')} />
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
        {!isBackofficeRoute(pathname) && <ParcelRegion remote="cart" label="Cart" className={styles.overlaySlot} when={whenCartMounts} />}
        <Toasts />
        <ConfirmDialog />
      </div>
    </ShellErrorBoundary>
  );
}
