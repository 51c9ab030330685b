import { useBusValue } from '@adire/ui';
import { DEFAULT_CURRENCIES } from '@adire/domain';
import { startTransition, useEffect, useState } from 'react';
import { fillPricePlaceholders, isStaticOnDesktop, scrollDurationSeconds } from '../boot/banner';
import styles from './banner.module.css';
import { useFrameCurrency, useRunning } from './running';

/** SPEC section 9: the desktop layout from this width. */
const DESKTOP_MIN_WIDTH_PX = 651;

const CLOSED_KEY = 'adire:alertClosed';

const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

/**
 * The server draws the desktop layout; the browser hydrates it so, then follows the screen's width
 * (a phone's banner changes right after hydrating, in a transition: see useRunning).
 */
function useIsDesktop(running: boolean): boolean {
  const [desktop, setDesktop] = useState(() => !running || window.matchMedia(DESKTOP_QUERY).matches);
  useEffect(() => {
    const media = window.matchMedia(DESKTOP_QUERY);
    const follow = () => startTransition(() => setDesktop(media.matches));
    follow();
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);
  return desktop;
}

const readClosed = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(CLOSED_KEY));

/** The site-wide alert from the server's settings. Rendered as text, never as HTML. */
export function AlertBanner() {
  const settings = useBusValue('settings:loaded');
  const currency = useFrameCurrency() ?? DEFAULT_CURRENCIES[0]!;
  const raw = settings?.settings?.alertSettings.siteWideAlert.trim() ?? '';
  // The server knows nothing of this visit: the drawing hydrates open, then closes if it was closed.
  const running = useRunning();
  const desktop = useIsDesktop(running);
  const [closedText, setClosedText] = useState(() => (running ? readClosed() : null));
  useEffect(() => setClosedText((closed) => closed ?? readClosed()), []);
  // Until the settings arrive the banner's height is kept, so the page does not shift down when
  // the alert appears (a shopper who closed it this visit is not expected to see it again).
  if (!settings) return closedText ? null : <div className={styles.banner} aria-hidden="true" data-testid="alert-placeholder" />;
  if (!raw || closedText === raw) return null;

  const text = fillPricePlaceholders(raw, currency);
  const scrolls = !(desktop && isStaticOnDesktop(text));
  return (
    <div className={styles.banner} role="region" aria-label="Site alert">
      <div className={styles.viewport}>
        <p
          className={scrolls ? styles.scrolling : styles.static}
          style={scrolls ? { animationDuration: `${scrollDurationSeconds(text)}s` } : undefined}
          data-testid="alert-text"
        >
          {text}
        </p>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label="Close alert"
        onClick={() => {
          // Closed for this visit; a changed alert shows again.
          sessionStorage.setItem(CLOSED_KEY, raw);
          setClosedText(raw);
        }}
      >
        ×
      </button>
    </div>
  );
}
