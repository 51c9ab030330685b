import { UNTIL_RUNNING_ATTRIBUTE, type Currency } from '@adire/contracts';
import { useBusValue } from '@adire/ui';
import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the frame runs in the browser: not on the server, nor while the browser hydrates the frame
 * the server drew (startFrame says when it starts running: at once for a frame rendered anew, at the
 * hydration's commit otherwise). The frame hydrates in one pass (no lazy parts), so this is exact.
 */
let frameRunning = false;

export function frameRuns(running: boolean): void {
  frameRunning = running;
}

/**
 * False on the server and while the browser hydrates the frame the server drew; true once the frame
 * runs in the browser, and from the first render of a frame rendered anew or of a part mounted
 * later. After hydrating, the components that ask render again, so whatever differs from the
 * drawing (a shopper's own state, a control now enabled) changes then, and the hydration itself
 * matches the drawing exactly. That render is a transition (React's slices of a few milliseconds):
 * with useSyncExternalStore's server snapshot, as before, React made it one synchronous render of
 * the frame right after hydrating (a long task on a phone, issue 42).
 */
export function useRunning(): boolean {
  const [running, setRunning] = useState(() => frameRunning);
  useEffect(() => {
    if (!running) startTransition(() => setRunning(true));
  }, [running]);
  return running;
}

/**
 * The mark of a drawn control (or of a part holding controls) that waits for the frame to run: a tap
 * on it before then is kept by the page's early-tap script and made once the mark goes (issue 31,
 * item 2). Spread beside the control's own `disabled={!running}`.
 */
export const untilRunning = (running: boolean) => ({ [UNTIL_RUNNING_ATTRIBUTE]: running ? undefined : '' });

/** The currency the server drew the frame in (the page's data), while the browser hydrates it. */
let drawnIn: Currency | null = null;

export function frameDrawnIn(currency: Currency | null): void {
  drawnIn = currency;
}

/**
 * The currency the frame shows: the one it was drawn in while it hydrates, the shopper's once it
 * runs (a first visit from abroad is drawn in naira and shown in the shopper's currency right after).
 */
export function useFrameCurrency(): Currency | undefined {
  const live = useBusValue('currency:changed');
  const running = useRunning();
  return running ? live : (drawnIn ?? live);
}
