/**
 * What shoppers searched for (issue 43, item 4): searches counted per day (in Lagos) and normalised
 * words, with the number of products each found, for the back office's Searches page. The only writer
 * of `search_count`.
 *
 * Nothing about who searched is kept: no session, address or time finer than the day. A search holding
 * an e-mail address or a phone number (a shopper typing their own details into the box) is not counted
 * at all. Counting never slows a search: a search adds one to a map in memory; the map is written every
 * few seconds in one transaction (and when the server stops), each distinct search's result count read
 * once per write from the listing index.
 */
import type { SearchReport, SearchReportRow } from '@adire/contracts';
import { shopDate } from '@adire/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { DRAW_HEADER } from '../../http/server-draw';
import { words } from './search-text';

/** How often counted searches are written. */
export const SEARCH_FLUSH_MS = 5_000;
/** A search's words kept at most (the listing reads 100 characters of it). */
const MAX_QUERY_LENGTH = 100;
/** Distinct searches held between writes, at most (more are written at once). */
const MAX_PENDING = 2_000;

const EMAIL = /[^\s@]+@[^\s@]+/;
/** Seven or more digits, however spaced or punctuated (+234 803 555 0142, 0803-555-0142). */
const PHONE = /\d(?:[\s().+-]*\d){6,}/;

/** Whether typed text holds personal data: an e-mail address or a phone number. */
export function holdsPersonalData(text: string): boolean {
  return EMAIL.test(text) || PHONE.test(text);
}

/** The search as it is counted — its words, folded, joined by one space — or null: nothing to count, or personal data. */
export function countedSearch(text: string): string | null {
  if (holdsPersonalData(text)) return null;
  const query = words(text).join(' ').slice(0, MAX_QUERY_LENGTH).trim();
  return query || null;
}

/**
 * The search a request made, when it is one a shopper made: the listing across the catalogue
 * (`/filters?search=`, the header's box) as a page or as its API call, on its first page. The API call
 * made by the server while it draws that page is not counted again (`drawn`: it carries the draw's mark).
 */
export function searchOfRequest(url: string, drawn: boolean): string | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  const path = url.slice(0, at);
  if (path !== '/filters' && !(path === '/v1/catalog/filters' && !drawn)) return null;
  const params = new URLSearchParams(url.slice(at + 1));
  const page = params.get('page');
  if (page && page !== '1') return null;
  return params.get('search');
}

export class SearchCounts {
  private pending = new Map<string, { day: string; query: string; searches: number }>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private writing: Promise<void> = Promise.resolve();

  /** How many products a search finds now (the listing index: catalogRoutes sets it). */
  private resultsOf: (query: string) => Promise<number> = async () => 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
    flushMs = SEARCH_FLUSH_MS,
  ) {
    if (flushMs > 0) {
      this.timer = setInterval(() => void this.flush().catch(() => {}), flushMs);
      this.timer.unref();
    }
  }

  measureWith(resultsOf: (query: string) => Promise<number>): void {
    this.resultsOf = resultsOf;
  }

  /**
   * The request's search counted when it is one a shopper made (`searchOfRequest`), after its answer
   * went out: the composition root hooks it to every response.
   */
  seen(request: { method: string; url: string; headers: Record<string, unknown> }, status: number): void {
    if (request.method !== 'GET' || status >= 400) return;
    const text = searchOfRequest(request.url, request.headers[DRAW_HEADER] !== undefined);
    if (text) this.record(text);
  }

  /** One search made (its text as typed): counted in memory until the next write. */
  record(text: string): void {
    const query = countedSearch(text);
    if (!query) return;
    const day = shopDate(this.now());
    const key = `${day}\n${query}`;
    const seen = this.pending.get(key);
    if (seen) seen.searches++;
    else this.pending.set(key, { day, query, searches: 1 });
    if (this.pending.size >= MAX_PENDING) void this.flush().catch(() => {});
  }

  /** Write what was counted since the last write (one transaction; writes never overlap). */
  flush(): Promise<void> {
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (batch.length === 0) return this.writing;
    this.writing = this.writing.catch(() => {}).then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: { day: string; query: string; searches: number }[]): Promise<void> {
    const rows: { day: string; query: string; searches: number; results: number }[] = [];
    for (const b of batch) rows.push({ ...b, results: await this.resultsOf(b.query) });
    await this.db.kysely.transaction().execute(async (trx) => {
      for (const r of rows) {
        await trx
          .insertInto('search_count')
          .values(r)
          .onConflict((oc) => oc.columns(['day', 'query']).doUpdateSet({ searches: sql`search_count.searches + excluded.searches`, results: sql`excluded.results` }))
          .execute();
      }
    });
  }

  /** Stop the timer and write what is left. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }
}

/** Searches shown per list on the Searches page. */
export const REPORT_ROWS = 20;

/** The Searches page: the top searches and the top searches that found nothing over the last `days` days (today included). */
export async function searchReport(db: Pick<Db, 'kysely'>, days: 7 | 30, now: Date): Promise<SearchReport> {
  const today = shopDate(now);
  const from = shopDate(new Date(now.getTime() - (days - 1) * 86_400_000));
  const top = (noResults: boolean) =>
    db.kysely
      .selectFrom('search_count')
      .select((eb) => ['query', eb.fn.sum<number>('searches').as('searches'), eb.fn.max<number>('results').as('most'), eb.fn.max('day').as('last')])
      .where('day', '>=', from)
      .where('day', '<=', today)
      .groupBy('query')
      .$if(noResults, (q) => q.having((eb) => eb.fn.max('results'), '=', 0))
      .orderBy('searches', 'desc')
      .orderBy('query')
      .limit(REPORT_ROWS)
      .execute();
  const [all, none] = await Promise.all([top(false), top(true)]);
  const row = (r: { query: string; searches: number | string; most: number | string; last: unknown }): SearchReportRow => ({
    query: r.query,
    searches: Number(r.searches),
    results: Number(r.most),
    lastDay: String(r.last),
  });
  return { days, from, to: today, top: all.map(row), noResults: none.map(row) };
}
