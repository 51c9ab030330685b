import type { ReactNode } from 'react';
import { untilRunning, useRunning } from './running';
import styles from './shell.module.css';

/**
 * Drawn on the server, the frame's controls are disabled: they work once the frame runs in the
 * browser. A tap on one before then is not lost: the fieldset is also marked (UNTIL_RUNNING_ATTRIBUTE)
 * and the page's early-tap script keeps the tap and makes it again once the mark goes (issue 31,
 * item 2) — a tap on the cart or the phone menu while the page hydrates opens them as soon as it
 * can. Links keep working, and so does the header's search, which sits outside: it is a plain form
 * to /filters. The fieldset has no box of its own (display: contents), and stays once enabled, so
 * hydration keeps every element.
 */
export function ControlsOnceRunning({ children }: { children: ReactNode }) {
  const running = useRunning();
  return (
    <fieldset disabled={!running} {...untilRunning(running)} role="presentation" className={styles.drawnControls}>
      {children}
    </fieldset>
  );
}
