/** How long a parcel waits at most for the page's route application before it loads anyway. */
export const MAIN_CONTENT_WAIT_MS = 5000;

let settled: Promise<void> | null = null;

/**
 * Resolves once single-spa has finished its first routing (the page's route application mounted,
 * or shown its fallback, or none matched). Widgets that are not the page's main content load
 * after it, so they do not compete with it for the network on a first visit.
 */
export function mainContentSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    window.addEventListener('single-spa:routing-event', () => resolve(), { once: true });
    setTimeout(resolve, MAIN_CONTENT_WAIT_MS);
  });
  return settled;
}
