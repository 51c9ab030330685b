import type { Toast } from '@adire/contracts';
import { useBusEvent } from '@adire/ui';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import styles from './shell.module.css';

/** SPEC section 9: how long each kind of toast stays, and the delay before one shows. */
const TOAST_DURATION_MS = { success: 3000, info: 9000, error: 5000 } as const;
const TOAST_DELAY_MS = 300;

interface ShownToast extends Toast {
  id: number;
}

let nextId = 1;

/**
 * Where toasts start: just under the header the shopper sees at the top of the screen (the main
 * header, sticky, or the checkout's own), so they never cover its buttons nor, being at the top, a
 * page's primary action further down. Measured while toasts show, as the page scrolls.
 */
function useToastTop(active: boolean): number {
  const [top, setTop] = useState(16);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      let bottom = 0;
      for (const header of document.querySelectorAll('header')) {
        const r = header.getBoundingClientRect();
        if (r.height > 0 && r.top < window.innerHeight / 3) bottom = Math.max(bottom, r.bottom);
      }
      setTop(Math.max(0, Math.round(bottom)) + 8);
    };
    measure();
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return top;
}

/**
 * Toasts any app can raise through the bus; each appears after 300 ms and stays for its type's time.
 * While the cart drawer is open they move beside it, or (no room beside it) over its title, never over
 * its actions (shell.module.css).
 */
export function Toasts() {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const show = useCallback((toast: Toast) => {
    const id = nextId++;
    setTimeout(() => {
      setToasts((ts) => [...ts, { ...toast, id }]);
      setTimeout(() => setToasts((ts) => ts.filter((t) => t.id !== id)), TOAST_DURATION_MS[toast.type]);
    }, TOAST_DELAY_MS);
  }, []);
  useBusEvent('toast:show', show);
  const top = useToastTop(toasts.length > 0);
  // Set through the CSSOM, not a style attribute: a page drawn on the server carries no inline style (CSP).
  const region = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => region.current?.style.setProperty('--toast-top', `${top}px`), [top]);
  return (
    <div ref={region} className={styles.toasts} aria-live="polite" role="region" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`${styles.toast} ${styles[t.type]}`}>
          {/* Only the message is announced; the dismiss button sits beside it. */}
          <p role={t.type === 'error' ? 'alert' : 'status'}>{t.message}</p>
          <button type="button" aria-label="Dismiss notification" onClick={() => setToasts((ts) => ts.filter((x) => x.id !== t.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
