import type { ReactNode } from 'react';
import { useRunning } from './running';
import styles from './shell.module.css';

/**
 * Drawn on the server, the frame's controls are disabled: they work once the frame runs in the
 * browser (a tap on the cart before then would do nothing). Links keep working, and so does the
 * header's search, which sits outside: it is a plain form to /filters. The fieldset has no box of its
 * own (display: contents), and stays once enabled, so hydration keeps every element.
 */
export function ControlsOnceRunning({ children }: { children: ReactNode }) {
  const running = useRunning();
  return (
    <fieldset disabled={!running} role="presentation" className={styles.drawnControls}>
      {children}
    </fieldset>
  );
}
