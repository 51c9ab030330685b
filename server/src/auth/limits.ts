/** Rate limits: how one is written ('10/15m'), the sliding window's arithmetic and the message past it. Pure. */

export interface RateLimit {
  /** Attempts allowed inside the window. */
  max: number;
  windowMs: number;
}

/** '10/15m' → 10 per 15 minutes; units s, m, h (minutes when absent). */
export function parseLimit(text: string): RateLimit {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh]?)\s*$/.exec(text);
  if (!match) throw new Error(`A rate limit looks like '10/15m' (10 per 15 minutes), got '${text}'`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, '': 60_000 }[match[3] as 's' | 'm' | 'h' | ''];
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * unit;
  if (max < 1 || windowMs < 1000) throw new Error(`A rate limit needs at least 1 attempt per second or more, got '${text}'`);
  return { max, windowMs };
}

/**
 * How long until one more attempt is allowed, given the times (ms) of the attempts already counted:
 * 0 when fewer than `max` fall inside the window ending now. Otherwise the wait until enough of them
 * have left the window for the count to drop below `max`.
 */
export function retryAfterMs(attempts: readonly number[], limit: RateLimit, now: number): number {
  const inWindow = attempts.filter((t) => t > now - limit.windowMs && t <= now).sort((a, b) => a - b);
  if (inWindow.length < limit.max) return 0;
  const freeing = inWindow[inWindow.length - limit.max]!; // once this one leaves, count = max - 1
  return Math.max(1, freeing + limit.windowMs - now);
}

/** 'Too many attempts. Please wait N minutes and try again.' (rounded up, at least 1 minute). */
export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}
