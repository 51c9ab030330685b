import { TOAST_DELAY_MS, TOAST_DURATION_MS, type Toast } from '@adire/contracts';
import { useBusEvent } from '@adire/ui';
import { useCallback, useState } from 'react';
import styles from './shell.module.css';

interface ShownToast extends Toast {
  id: number;
}

let nextId = 1;

/** Toasts any app can raise through the bus; each appears after 300 ms and stays for its type's time. */
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
  return (
    <div className={styles.toasts} aria-live="polite" role="region" aria-label="Notifications">
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
