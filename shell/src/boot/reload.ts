/** The error fallback reloads the page by itself at most this many times in a row. */
export const MAX_AUTO_RELOADS = 3;
/** A page that stays up this long resets the counter. */
export const RELOAD_COUNTER_RESET_MS = 3000;

/** After a crash: reload again (with the counter raised), or stay on the fallback screen. */
export function decideAfterCrash(counter: unknown): { reload: boolean; counter: number } {
  const current = typeof counter === 'number' && Number.isFinite(counter) && counter >= 0 ? Math.floor(counter) : 0;
  if (current >= MAX_AUTO_RELOADS) return { reload: false, counter: current };
  return { reload: true, counter: current + 1 };
}

/** The route progress bar steps by 10 up to 90, once per second, until the route has mounted. */
export function nextProgress(value: number): number {
  return Math.min(90, value + 10);
}
