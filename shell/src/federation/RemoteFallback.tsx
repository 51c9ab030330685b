import { useState } from 'react';
import styles from './fallback.module.css';

/** What a region shows when its remote is refused, missing or hangs. */
export function RemoteFallback({ label, compact, onRetry }: { label: string; compact: boolean; onRetry(): Promise<boolean> }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <div data-boundary="shell" className={compact ? styles.compact : styles.fallback} role="status">
      <span>{compact ? `${label} unavailable` : `${label} is unavailable right now.`}</span>
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
