import { later } from './later';
import { CHECKOUT_STAGES, type Stage } from './stage';

/**
 * What a first visit to the checkout does not load (issue 42): the payment and done stages and the
 * order tracker, one file (`nextSteps.ts`) fetched on the shopper's first pointer or focus in the
 * delivery form, or when one of them is shown. The server's draw awaits `drawnLater()` first.
 */
const nextSteps = () => import('./nextSteps');
export const PaymentStage = later(() => nextSteps().then((m) => m.PaymentStage));
export const DoneStage = later(() => nextSteps().then((m) => m.DoneStage));
export const OrderTracker = later(() => nextSteps().then((m) => m.OrderTracker));

/** The shopper reaches for the delivery form: the next stages are fetched while they fill it in. */
export function reachForNextStages(): void {
  void PaymentStage.preload();
  void DoneStage.preload();
}

/** Everything above, fetched: a render after it never suspends (the server's draw is synchronous). */
export async function drawnLater(): Promise<void> {
  await Promise.all([PaymentStage.preload(), DoneStage.preload(), OrderTracker.preload()]);
}

/**
 * Before the first render over the server's drawing: the later steps, when the page opens on one of
 * them (the tracker, or a checkout already past its delivery stage), so the drawing stays until they
 * can be shown instead of giving way to "Loading…". Its file is announced with the tracker's page.
 */
export async function shownFirst(pathname: string, stage: Stage): Promise<void> {
  if (pathname === '/order-tracker' || (pathname === '/checkout' && stage !== CHECKOUT_STAGES.delivery)) await drawnLater();
}
