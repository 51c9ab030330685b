/**
 * The peak-day bench's arithmetic (scale/peak-stats.ts): the date it fills, each step's figures, the
 * capacity verdict, the errors table and the CPU of a process tree read from /proc stat lines.
 */
import { describe, expect, it } from 'vitest';
import { capacityVerdict, errorsByStatus, journeysPerSecond, parseProcStat, peakDate, percentile, stepFigures, treeTicks, type ProcStat } from '../scale/peak-stats';

describe('the peak date', () => {
  it('is 14 February of the next year, in Lagos time', () => {
    expect(peakDate(new Date('2026-11-27T23:51:00Z'))).toBe('2027-02-14');
    expect(peakDate(new Date('2027-02-13T12:00:00Z'))).toBe('2028-02-14');
    expect(peakDate(new Date('2027-02-14T12:00:00Z'))).toBe('2028-02-14');
    // 23:30 UTC on 31 December is already 1 January in Lagos (UTC+1).
    expect(peakDate(new Date('2026-12-31T23:30:00Z'))).toBe('2028-02-14');
    expect(peakDate(new Date('2026-12-31T22:30:00Z'))).toBe('2027-02-14');
  });
});

describe("each step's figures", () => {
  it('reads percentiles by nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('gives count, requests per second over the rush and p50 / p95 / p99 of unsorted latencies', () => {
    const latencies = [40, 10, 30, 20, ...Array.from({ length: 16 }, () => 5)];
    expect(stepFigures(latencies, 4)).toEqual({ count: 20, rps: 5, p50: 5, p95: 30, p99: 40 });
    expect(stepFigures([], 4)).toMatchObject({ count: 0, rps: 0 });
    expect(stepFigures([1], 0).rps).toBeNaN();
  });

  it('gives journeys per second', () => {
    expect(journeysPerSecond(300, 7.5)).toBe(40);
    expect(journeysPerSecond(3, 0)).toBeNaN();
  });
});

describe('the capacity verdict', () => {
  it('is OK only when shoppers were told yes exactly capacity times and the database holds exactly that many', () => {
    expect(capacityVerdict(300, { acknowledged: 300, inDatabase: 300, refused: 50 })).toBe('OK');
    expect(capacityVerdict(300, { acknowledged: 300, inDatabase: 300, refused: 0 })).toBe('OK');
    expect(capacityVerdict(300, { acknowledged: 301, inDatabase: 300, refused: 50 })).toBe('MISMATCH');
    expect(capacityVerdict(300, { acknowledged: 300, inDatabase: 301, refused: 50 })).toBe('MISMATCH');
    expect(capacityVerdict(300, { acknowledged: 299, inDatabase: 300, refused: 50 })).toBe('MISMATCH');
    // Turned away while places were left.
    expect(capacityVerdict(300, { acknowledged: 280, inDatabase: 280, refused: 3 })).toBe('MISMATCH');
  });

  it('is NOT FILLED when too few shoppers tried for anyone to be turned away', () => {
    expect(capacityVerdict(300, { acknowledged: 120, inDatabase: 120, refused: 0 })).toBe('NOT FILLED');
    expect(capacityVerdict(300, { acknowledged: 320, inDatabase: 320, refused: 0 })).toBe('MISMATCH');
  });
});

describe('errors by step and status', () => {
  it('counts each step and status, most frequent first, a status of 0 as a network error', () => {
    const errors = [
      { step: 'create', status: 502 },
      { step: 'checkout', status: 0 },
      { step: 'create', status: 502 },
      { step: 'pay', status: 502 },
    ];
    expect(errorsByStatus(errors)).toEqual([
      ['create 502', 2],
      ['checkout network error', 1],
      ['pay 502', 1],
    ]);
    expect(errorsByStatus([])).toEqual([]);
  });
});

describe('CPU of a process tree from /proc', () => {
  it('reads a stat line whose command holds spaces and parentheses', () => {
    const line = '4242 (postgres: a (b) c) S 4200 4242 4200 0 -1 4194304 100 200 0 0 11 22 33 44 20 0 1 0 100 1000 100';
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 4200, utime: 11, stime: 22, cutime: 33, cstime: 44 });
    expect(parseProcStat('garbage')).toBeNull();
  });

  it("adds a process's own, its reaped children's and its live descendants' times, and nothing else", () => {
    const s = (pid: number, ppid: number, own: number, reaped = 0): ProcStat => ({ pid, ppid, utime: own, stime: 0, cutime: reaped, cstime: 0 });
    const stats = [s(1, 0, 1000), s(10, 1, 5, 100), s(11, 10, 7), s(12, 10, 9), s(13, 12, 2), s(20, 1, 50)];
    expect(treeTicks(10, stats)).toBe(5 + 100 + 7 + 9 + 2);
    expect(treeTicks(12, stats)).toBe(11);
    expect(treeTicks(99, stats)).toBeNaN();
  });
});
