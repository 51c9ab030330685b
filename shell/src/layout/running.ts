import { UNTIL_RUNNING_ATTRIBUTE, type Currency } from '@adire/contracts';
import { useBusValue } from '@adire/ui';
import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser hydrates the frame the server drew (React reads the
 * server snapshot then); true once the frame runs in the browser — React renders the components that
 * ask again right after hydrating, so whatever differs from the drawing (a shopper's own state, a
 * control now enabled) changes then, and the hydration itself matches the drawing exactly.
 */
export function useRunning(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
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
