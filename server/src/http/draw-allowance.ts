/**
 * How many new drawings of a page one client may cause per minute (issue 32, item 7). A page kept in
 * the page cache, or a drawing already under way that the client joins, costs nothing and is not
 * counted; past the allowance the client gets the page undrawn (the shell alone, drawn by its browser),
 * never an error. Kept in process: drawing is this process's own CPU, and what a minute's worth of
 * counts forgets on a restart does no harm.
 */
export const DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE = 60;
const MINUTE_MS = 60_000;
/** Clients remembered at once; past it the ones whose minute is over are forgotten first. */
const MAX_CLIENTS = 50_000;

export class DrawAllowance {
  private readonly clients = new Map<string, { since: number; drawn: number }>();

  constructor(
    private readonly perMinute: number = DEFAULT_DRAWS_PER_CLIENT_PER_MINUTE,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one new drawing for the client; false when its allowance for this minute is spent. */
  take(client: string): boolean {
    const at = this.now();
    let window = this.clients.get(client);
    if (!window || at - window.since >= MINUTE_MS) {
      if (!window && this.clients.size >= MAX_CLIENTS) this.forgetOld(at);
      window = { since: at, drawn: 0 };
      this.clients.set(client, window);
    }
    if (window.drawn >= this.perMinute) return false;
    window.drawn += 1;
    return true;
  }

  private forgetOld(at: number): void {
    for (const [client, window] of this.clients) if (at - window.since >= MINUTE_MS) this.clients.delete(client);
    // Still full (a flood of addresses within one minute): start again rather than grow without bound.
    if (this.clients.size >= MAX_CLIENTS) this.clients.clear();
  }
}
