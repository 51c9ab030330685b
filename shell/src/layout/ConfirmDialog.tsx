import type { ConfirmRequest } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useBusEvent } from '@adire/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import styles from './shell.module.css';

/** One confirm dialog for every app: asked with 'confirm:request', answered with 'confirm:answer'. */
export function ConfirmDialog() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const ask = useCallback((r: ConfirmRequest) => setRequest(r), []);
  useBusEvent('confirm:request', ask);

  const answer = useCallback(
    (confirmed: boolean) => {
      if (!request) return;
      bus.emit('confirm:answer', { id: request.id, confirmed });
      setRequest(null);
    },
    [request],
  );

  useEffect(() => {
    if (!request) return;
    confirmRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && answer(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [request, answer]);

  if (!request) return null;
  return (
    <div className={styles.dialogBackdrop}>
      <div role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" aria-describedby="confirm-message" className={styles.dialog}>
        <h2 id="confirm-title">{request.title}</h2>
        <p id="confirm-message">{request.message}</p>
        <div className={styles.dialogActions}>
          <button type="button" onClick={() => answer(false)}>
            {request.cancelLabel ?? 'Cancel'}
          </button>
          <button type="button" ref={confirmRef} className={styles.primary} onClick={() => answer(true)}>
            {request.confirmLabel ?? 'Confirm'}
          </button>
        </div>
      </div>
    </div>
  );
}
