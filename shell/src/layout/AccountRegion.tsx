import { readStoredUser } from '@adire/contracts';
import { useEffect, useState } from 'react';
import { loadLifecycles } from '../federation/remotes';
import { mainContentSettled } from '../federation/settled';
import { ParcelRegion } from './ParcelRegion';
import { useRunning } from './running';
import styles from './shell.module.css';

/**
 * The account dropdown's slot in the header. With a stored user the account parcel mounts as soon
 * as the page's content is up (it shows who is signed in). A shopper with no stored user gets the
 * shell's stand-in Account button instead: pointing at or focusing it fetches the account remote,
 * using it mounts the parcel already open. So a first visit downloads no account code at all, and
 * the slot keeps its size either way (nothing shifts). The server draws the stand-in (it knows no
 * stored user): a frame hydrating from it takes the parcel right after.
 */
export function AccountRegion() {
  const running = useRunning();
  const [parcel, setParcel] = useState<{ open: boolean } | null>(() => (running && readStoredUser() ? { open: false } : null));
  // Once the frame runs: a tap on the stand-in while the page hydrated is made on it first (the
  // early-tap script waits for the running frame), and opens the parcel.
  useEffect(() => {
    if (running && readStoredUser()) setParcel((shown) => shown ?? { open: false });
  }, [running]);
  if (parcel) {
    return (
      <ParcelRegion
        remote="account"
        label="Account"
        className={styles.accountSlot}
        compact
        when={parcel.open ? undefined : mainContentSettled}
        customProps={{ openOnMount: parcel.open }}
      />
    );
  }
  // A failed fetch here is not the shopper's concern yet: using the button shows the region's fallback.
  const prefetch = () => void loadLifecycles('account').catch(() => {});
  return (
    <div className={styles.accountSlot} data-region="account">
      <button type="button" className={styles.accountStandIn} aria-haspopup="true" aria-expanded="false" onPointerEnter={prefetch} onFocus={prefetch} onClick={() => setParcel({ open: true })}>
        <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className={styles.phoneIcon}>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
        </svg>
        <span className={styles.accountLabel}>Account</span>
      </button>
    </div>
  );
}
