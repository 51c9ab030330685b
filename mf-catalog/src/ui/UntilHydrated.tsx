import { UNTIL_RUNNING_ATTRIBUTE } from '@adire/contracts';
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
 * button would do nothing, a ticked filter would be undone. A tap on one ("Add to cart", a size, a
 * filter) is not lost, though: the fieldset is also marked (UNTIL_RUNNING_ATTRIBUTE) and the page's
 * early-tap script makes the tap again once the mark goes (issue 31, item 2). Links keep working
 * (they are plain links). A page rendered in the browser is enabled from the start.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className={styles.untilHydrated} disabled={!hydrated} {...{ [UNTIL_RUNNING_ATTRIBUTE]: hydrated ? undefined : '' }} role="presentation">
      {children}
    </fieldset>
  );
}
