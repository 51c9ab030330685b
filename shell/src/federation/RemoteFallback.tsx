import { useState } from 'react';
import styles from './fallback.module.css';

/** The region's words while it has no remote: still arriving (a slow connection), or down. */
export function fallbackText(label: string, wait: 'loading' | 'unavailable', compact: boolean): string {
  if (wait === 'loading') return compact ? `${label} loading…` : `${label} is still loading…`;
  return compact ? `${label} unavailable` : `${label} is unavailable right now.`;
}

/** What a region shows when its remote is refused, missing or silent, or still arriving after a while. */
export function RemoteFallback({ label, compact, wait = 'unavailable', onRetry }: { label: string; compact: boolean; wait?: 'loading' | 'unavailable'; onRetry(): Promise<boolean> }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <div data-boundary="shell" className={compact ? styles.compact : styles.fallback} role="status">
      <span>{fallbackText(label, wait, compact)}</span>
      <button
        type="button"
        className={styles.retry}
        disabled={retrying}
        onClick={async () => {
          setRetrying(true);
          const recovered = await onRetry();
          if (!recovered) setRetrying(false);
        }}
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
