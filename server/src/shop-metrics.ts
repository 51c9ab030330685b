import { shopDate } from '@adire/domain';
import { sql } from 'kysely';
import { busyWaits, type Db } from './db/database';
import { mailQueue } from './mail/queue';
import type { ShopMetrics } from './metrics';
import { countDueReminders } from './domains/account';
import { dayLoads } from './domains/orders';
import { readCheckoutSettings } from './domains/site';
import type { ReleaseRegistry } from './release';

/**
 * The gauges of the shop read when Prometheus scrapes (issue 41, item 4): part of the composition root,
 * since each asks a domain (through its front door) or the platform what stands now. Nothing is kept
 * between scrapes; each query is small (14 days of bookings, the mail waiting, the reminders).
 */

/** Days ahead whose remaining places are shown (today included). */
export const PLACES_DAYS_AHEAD = 14;

export interface ShopGaugesOptions {
  db: Db;
  releases: Pick<ReleaseRegistry, 'last'>;
  /** The shop's clock. */
  now: () => Date;
}

export function addShopGauges(metrics: ShopMetrics, { db, releases, now }: ShopGaugesOptions): void {
  addDayGauges(metrics, db, now);
  const mail = () => mailQueue(db, now());
  metrics.gauge({ name: 'shop_mail_queue_depth', help: 'Mail waiting to be accepted by the SMTP server (never tried, or tried again later).', read: async () => [{ value: (await mail()).depth }] });
  metrics.gauge({ name: 'shop_mail_oldest_unsent_age_seconds', help: 'Age of the oldest mail still waiting for the SMTP server (0 when none waits).', read: async () => [{ value: (await mail()).oldestAgeSeconds }] });
  metrics.gauge({ name: 'shop_reminders_due', help: "Shoppers' occasion reminders due today and not yet mailed.", read: async () => [{ value: await countDueReminders(db, now()) }] });
  metrics.gauge({
    name: 'shop_release_live',
    help: 'The live version of each release target (1 per target and version).',
    labelNames: ['target', 'version'],
    read: () => Object.entries(releases.last().live).map(([target, version]) => ({ labels: { target, version: String(version) }, value: 1 })),
  });
  metrics.gauge({
    name: 'shop_release_canary_percent',
    help: "A running canary's share of browsers, by target and version (no series: no canary).",
    labelNames: ['target', 'version'],
    read: () => Object.entries(releases.last().canary ?? {}).map(([target, c]) => ({ labels: { target, version: c!.version }, value: c!.percent })),
  });
  addDatabaseGauges(metrics, db);
}

/** Each open day's places (capacity and remaining) for the next 14 days, per place with a capacity. */
function addDayGauges(metrics: ShopMetrics, db: Db, now: () => Date): void {
  const loads = async () => {
    const at = now();
    const settings = await readCheckoutSettings(db.kysely);
    return (await dayLoads(db, shopDate(at, settings.timeZone), PLACES_DAYS_AHEAD, at, settings)).filter((day) => !day.closed);
  };
  const limited = async (value: (p: { capacity: number; taken: number; held: number }) => number) =>
    (await loads()).flatMap((day) =>
      day.places.flatMap((p) => (p.capacity === null ? [] : [{ labels: { date: day.date, place: p.place }, value: value({ capacity: p.capacity, taken: p.taken, held: p.held }) }])),
    );
  const labelNames = ['date', 'place'] as const;
  metrics.gauge({ name: 'shop_day_places_capacity', help: 'Places of an open day with a capacity, for the next 14 days, by date and place.', labelNames, read: () => limited((p) => p.capacity) });
  metrics.gauge({ name: 'shop_day_places_remaining', help: 'Places left of an open day with a capacity (not taken by a paid order nor held by a checkout), for the next 14 days.', labelNames, read: () => limited((p) => Math.max(0, p.capacity - p.taken - p.held)) });
}

/** The database: PostgreSQL's pool, or SQLite's waits on another process's lock. */
function addDatabaseGauges(metrics: ShopMetrics, db: Db): void {
  const pool = db.pool;
  if (pool) {
    metrics.gauge({
      name: 'shop_db_pool_connections',
      help: 'PostgreSQL pool clients by state (total, idle) and callers waiting for one (waiting).',
      labelNames: ['state'],
      read: () => {
        const s = pool();
        return [
          { labels: { state: 'total' }, value: s.total },
          { labels: { state: 'idle' }, value: s.idle },
          { labels: { state: 'waiting' }, value: s.waiting },
        ];
      },
    });
  }
  if (db.dialect === 'postgres') addArchiveGauges(metrics, db);
  metrics.counterFrom('shop_db_busy_waits_total', "SQLite statements of this process that met another process's write lock and waited.", () => busyWaits.count);
}

/**
 * PostgreSQL's WAL archiving (the backup, issue 41): when a segment was last archived, how many finished
 * segments wait (pg_ls_archive_statusdir needs pg_monitor: without it that gauge is left out), failures.
 */
function addArchiveGauges(metrics: ShopMetrics, db: Db): void {
  const archiver = async () => (await sql<{ last: Date | string | null; failed: number | string }>`SELECT last_archived_time AS last, failed_count AS failed FROM pg_stat_archiver`.execute(db.kysely)).rows[0];
  metrics.gauge({
    name: 'shop_backup_last_archived_timestamp_seconds',
    help: 'When PostgreSQL last archived a WAL segment (no series: none archived, or archiving off).',
    read: async () => {
      const last = (await archiver())?.last;
      return last ? [{ value: new Date(last).getTime() / 1000 }] : [];
    },
  });
  metrics.gauge({ name: 'shop_backup_archive_failures', help: "PostgreSQL's failed archive_command runs since its statistics were reset.", read: async () => [{ value: Number((await archiver())?.failed ?? 0) }] });
  metrics.gauge({
    name: 'shop_backup_wal_ready_segments',
    help: 'Finished WAL segments waiting to be archived.',
    read: async () => [{ value: Number((await sql<{ n: number | string }>`SELECT count(*) AS n FROM pg_ls_archive_statusdir() WHERE name LIKE '%.ready'`.execute(db.kysely)).rows[0]?.n ?? 0) }],
  });
}
