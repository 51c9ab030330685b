import type { Db } from '../../db/database';
import { notifyDataChanged } from '../../db/data-versions';
import { CatalogIndex } from './catalog-index';

const caches = new Set<CatalogIndexCache>();

/** A catalogue write in this process: every cache re-reads the version on its next call. */
export function notifyCatalogChanged(): void {
  for (const cache of caches) cache.invalidate();
  notifyDataChanged();
}

/**
 * One index per process, rebuilt when the version in catalog_state moves (single flight). The version
 * is read at most once per `ttlMs` (a write in this process is seen at once, through
 * notifyCatalogChanged; another instance's write within ttlMs).
 */
export class CatalogIndexCache {
  private current: CatalogIndex | undefined;
  private building: { version: number; promise: Promise<CatalogIndex> } | undefined;
  private checkedAt = 0;
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 1000,
  ) {
    caches.add(this);
  }

  invalidate(): void {
    this.checkedAt = 0;
    this.generation++;
  }

  /** Stop listening for writes (the app is closing). */
  dispose(): void {
    caches.delete(this);
  }

  async version(): Promise<number> {
    const row = await this.db.kysely.selectFrom('catalog_state').select('version').where('id', '=', 'catalog').executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /**
   * The index; `atLeast` is a catalogue version already read for this request (the response cache's
   * stamp): an index that old or newer is good without another read, an older one is rebuilt.
   */
  async get(atLeast?: number): Promise<CatalogIndex> {
    const now = Date.now();
    if (this.current && atLeast !== undefined && this.current.version >= atLeast) return this.current;
    if (this.current && !this.building && atLeast === undefined && now - this.checkedAt < this.ttlMs) return this.current;
    const generation = this.generation;
    const version = await this.version();
    // a write noticed while reading: do not trust this read for the next ttlMs
    if (generation === this.generation) this.checkedAt = now;
    if (this.current?.version === version) return this.current;
    if (this.building?.version === version) return this.building.promise;
    const promise = CatalogIndex.load(this.db, version).then(
      (index) => {
        if (!this.current || this.current.version <= version) this.current = index;
        if (this.building?.promise === promise) this.building = undefined;
        return index;
      },
      (err: unknown) => {
        if (this.building?.promise === promise) this.building = undefined;
        throw err;
      },
    );
    this.building = { version, promise };
    return promise;
  }
}
