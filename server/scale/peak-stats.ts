/**
 * The peak-day bench's arithmetic (`pnpm bench peak`, scale/peak.ts), pure: the peak date, each step's
 * figures, the capacity verdict, errors by step and status, and the CPU a process tree used read from
 * /proc stat lines. Tested in test/peak-stats.test.ts.
 */
import { shopDate } from '@adire/domain';

/** 14 February of the year after `now`'s (in the shop's time zone): always in the future, never today. */
export function peakDate(now: Date, timeZone = 'Africa/Lagos'): string {
  const year = Number(shopDate(now, timeZone).slice(0, 4));
  return `${year + 1}-02-14`;
}

/** The value at percentile `p` (0–100) of ascending `sorted` values, by nearest rank; NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export interface StepFigures {
  /** Requests sent for this step (answered or not). */
  count: number;
  /** Requests per second over the whole rush. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** One step's figures from its latencies (ms, any order) and the rush's length in seconds. */
export function stepFigures(latenciesMs: readonly number[], seconds: number): StepFigures {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    count: sorted.length,
    rps: seconds > 0 ? sorted.length / seconds : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

export type CapacityVerdict = 'OK' | 'MISMATCH' | 'NOT FILLED';

/**
 * Whether the day took exactly its capacity. Every count must equal it: what shoppers were told
 * (checkouts acknowledged for the date) and what the database holds (orders with a place that day).
 * 'NOT FILLED': nobody was turned away and fewer than the capacity asked, so the day was never put to
 * the test; more than the capacity in any count is a MISMATCH whatever else happened.
 */
export function capacityVerdict(capacity: number, counts: { acknowledged: number; inDatabase: number; refused: number }): CapacityVerdict {
  const { acknowledged, inDatabase, refused } = counts;
  if (acknowledged > capacity || inDatabase > capacity) return 'MISMATCH';
  if (acknowledged === capacity && inDatabase === capacity) return 'OK';
  if (refused === 0) return 'NOT FILLED';
  return 'MISMATCH';
}

/** Errors seen by shoppers, as 'step status' → count, most frequent first ('0' is a network error). */
export function errorsByStatus(errors: readonly { step: string; status: number }[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const e of errors) {
    const key = `${e.step} ${e.status === 0 ? 'network error' : e.status}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** The fields of a /proc/<pid>/stat line this bench reads (times in clock ticks). */
export interface ProcStat {
  pid: number;
  ppid: number;
  utime: number;
  stime: number;
  /** Children's times, once waited for (reaped). */
  cutime: number;
  cstime: number;
}

/** A /proc/<pid>/stat line read; the command name may hold spaces and parentheses, so fields start after its last ')'. */
export function parseProcStat(line: string): ProcStat | null {
  const close = line.lastIndexOf(')');
  if (close < 0) return null;
  const pid = Number(line.slice(0, line.indexOf(' ')));
  const f = line.slice(close + 2).trim().split(/\s+/); // f[0] is field 3 (state)
  if (f.length < 15) return null;
  const n = (i: number) => Number(f[i - 3]);
  return { pid, ppid: n(4), utime: n(14), stime: n(15), cutime: n(16), cstime: n(17) };
}

/**
 * CPU time of a process and everything under it, in ticks: its own, its reaped children's, and its
 * live descendants' (their own and their reaped children's). `stats`: every live process.
 */
export function treeTicks(root: number, stats: readonly ProcStat[]): number {
  const byPid = new Map(stats.map((s) => [s.pid, s]));
  const children = new Map<number, number[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s.pid]);
  const seen = new Set<number>();
  const walk = (pid: number): number => {
    if (seen.has(pid)) return 0;
    seen.add(pid);
    const s = byPid.get(pid);
    if (!s) return 0;
    return s.utime + s.stime + s.cutime + s.cstime + (children.get(pid) ?? []).reduce((sum, child) => sum + walk(child), 0);
  };
  return byPid.has(root) ? walk(root) : Number.NaN;
}

/** Whole journeys per second: journeys completed over the rush's seconds. */
export const journeysPerSecond = (journeys: number, seconds: number) => (seconds > 0 ? journeys / seconds : Number.NaN);
