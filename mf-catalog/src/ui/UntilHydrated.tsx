import { useSyncExternalStore, type ReactNode } from 'react';
import styles from '../catalog.module.css';

const never = () => () => {};

/** True once this part of the page runs in the browser: false on the server and while it hydrates. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * The controls of a page drawn on the server stay disabled until they work: before hydration a
 * button would do nothing, a ticked filter would be undone. Links keep working (they are plain
 * links). A page rendered in the browser is enabled from the start.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className={styles.untilHydrated} disabled={!hydrated} role="presentation">
      {children}
    </fieldset>
  );
}
