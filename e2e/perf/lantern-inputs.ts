// What Lighthouse saw before it simulated a page, and what its simulation (Lantern) made of it (issue
// 42, item 2): one Lighthouse run at its mobile defaults, printing the observed first and largest
// paints beside the simulated ones; every request of the unthrottled load with its start, end,
// priority and size (Lantern's largest-paint graph takes every request that ended before the observed
// largest paint, except low-priority pictures in its optimistic half, and every layout task in its
// pessimistic half); the main thread's tasks up to the first paint with what ran in them; and the
// nodes that end last in Lantern's own graphs for FCP and LCP, with their simulated start and end.
//
//   node --import tsx perf/lantern-inputs.ts <base url> <home|category|product|checkout>
//   LANTERN_BLOCK='*w128*,*favicon*'   requests Lighthouse blocks, to see what one of them weighs
//   LANTERN_TASKS_UNTIL=3000 LANTERN_TASKS_MIN=8   the tasks to 3 s over 8 ms (those TBT weighs come after the paint)
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Audit } from 'lighthouse/core/audits/audit.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { CHROMIUM, SELF_SIGNED, storePages } from './lighthouse';

const [base, which] = process.argv.slice(2);
if (!base || !which) throw new Error('give the store\'s base URL and a page: home, category, product or checkout');
const page = (await storePages(base)).find((p) => p.name === which);
if (!page) throw new Error(`no page "${which}": home, category, product or checkout`);
if (page.storage) throw new Error('this page needs local storage seeded first: use bench-store.ts for it');

interface SimulatedNode { type: string; duration?: number; event?: { ts: number }; request?: { priority: string; resourceType?: string; url: string }; childEvents?: { name: string; dur?: number }[] }
interface Estimate { timeInMs: number; nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }> }

/** Lantern's optimistic and pessimistic estimates of FCP and LCP, each with the nodes that end last. */
class LanternGraphs extends Audit {
  static override get meta() {
    return { id: 'lantern-graphs', title: 'Lantern graphs', failureTitle: 'Lantern graphs', description: 'FCP and LCP as simulated', requiredArtifacts: ['Trace', 'DevtoolsLog', 'GatherContext', 'URL', 'SourceMaps'] } as never;
  }
  static override async audit(given: Parameters<typeof Audit.audit>[0], context: Parameters<typeof Audit.audit>[1]) {
    const artifacts = given as unknown as Record<string, unknown>;
    const data = { trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings: context.settings, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, simulator: null };
    const last = (estimate: Estimate) =>
      [...estimate.nodeTimings].sort((a, b) => b[1].endTime - a[1].endTime).slice(0, 8).map(([node, t]) => {
        const what = node.request ? `${node.request.priority} ${node.request.resourceType} ${node.request.url.replace(base!, '').slice(0, 80)}` : `task of ${Math.round((node.duration ?? 0) / 1000)} ms: ${[...new Set((node.childEvents ?? []).filter((e) => (e.dur ?? 0) > 500).map((e) => e.name))].slice(0, 5).join(', ')}`;
        return `${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padEnd(5)} ${what}`;
      });
    const lines: string[] = [];
    for (const [name, computed] of [['FCP', LanternFirstContentfulPaint], ['LCP', LanternLargestContentfulPaint]] as const) {
      const metric = (await (computed as unknown as { request: (d: unknown, c: unknown) => Promise<{ optimisticEstimate: Estimate; pessimisticEstimate: Estimate }> }).request(data, context));
      for (const half of ['optimistic', 'pessimistic'] as const) {
        const estimate = half === 'optimistic' ? metric.optimisticEstimate : metric.pessimisticEstimate;
        lines.push(`${name}, ${half} half: ${Math.round(estimate.timeInMs)} ms; last to end (simulated ms):`, ...last(estimate).map((l) => `  ${l}`));
      }
    }
    // TBT: each half sums the simulated tasks over 50 ms after a first paint, and the halves cross:
    // the optimistic simulation is measured from the pessimistic first paint and the other way round
    // (Lantern's TotalBlockingTime). A task that lays out is slowed 2×, any other 4×.
    const tbt = await (LanternTotalBlockingTime as unknown as { request: (d: unknown, c: unknown) => Promise<{ timeInMs: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }> }).request(data, context);
    const fcp = await (LanternFirstContentfulPaint as unknown as { request: (d: unknown, c: unknown) => Promise<{ optimisticEstimate: Estimate; pessimisticEstimate: Estimate }> }).request(data, context);
    for (const half of ['optimistic', 'pessimistic'] as const) {
      const estimate = half === 'optimistic' ? tbt.optimisticEstimate : tbt.pessimisticEstimate;
      const from = (half === 'optimistic' ? fcp.pessimisticEstimate : fcp.optimisticEstimate).timeInMs;
      lines.push(`TBT, ${half} half: ${Math.round(estimate.timeInMs)} ms, counted from a first paint at ${Math.round(from)} ms; its tasks over 40 ms (simulated ms, observed start):`);
      for (const [node, t] of [...estimate.nodeTimings].filter(([n, t]) => n.type === 'cpu' && t.endTime - t.startTime > 40).sort((a, b) => a[1].startTime - b[1].startTime)) {
        const observed = node.event?.ts;
        lines.push(`  ${String(Math.round(t.startTime)).padStart(5)}–${String(Math.round(t.endTime)).padEnd(5)} task of ${Math.round((node.duration ?? 0) / 1000)} ms observed at ${observed === undefined ? '?' : Math.round((observed - navigationStart(artifacts)) / 1000)} ms: ${[...new Set((node.childEvents ?? []).filter((e) => (e.dur ?? 0) > 500).map((e) => e.name))].slice(0, 6).join(', ')}`);
      }
    }
    return { score: 1, details: { type: 'debugdata', lines } } as never;
  }
}

/** The main frame's navigation start in the trace, in µs. */
function navigationStart(artifacts: Record<string, unknown>): number {
  const events = (artifacts.Trace as { traceEvents: TraceEvent[] }).traceEvents;
  return (events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? events.find((e) => e.name === 'navigationStart'))?.ts ?? 0;
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: { isLoadingMainFrame?: boolean; type?: string } } }
interface Request { networkRequestTime: number; networkEndTime: number; priority: string; resourceType?: string; transferSize: number; url: string }

const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', ...(SELF_SIGNED ? ['--ignore-certificate-errors'] : [])], logLevel: 'silent' });
let result: Awaited<ReturnType<typeof lighthouse>>;
try {
  result = await lighthouse(`${base}${page.path}`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    blockedUrlPatterns: (process.env.LANTERN_BLOCK ?? '').split(',').filter(Boolean),
  }, {
    extends: 'lighthouse:default',
    audits: [{ implementation: LanternGraphs } as never],
    categories: { lantern: { title: 'Lantern', auditRefs: [{ id: 'lantern-graphs', weight: 0 }] } },
    settings: { onlyCategories: ['performance', 'lantern'] },
  });
} finally {
  chrome.kill();
}
if (!result) throw new Error('Lighthouse gave no result');
const { lhr, artifacts } = result;
const metrics = (lhr.audits.metrics?.details as unknown as { items: Record<string, number>[] }).items[0]!;
console.log(`observed: FCP ${metrics.observedFirstContentfulPaint} ms, LCP ${metrics.observedLargestContentfulPaint} ms; simulated: FCP ${Math.round(metrics.firstContentfulPaint!)} ms, LCP ${Math.round(metrics.largestContentfulPaint!)} ms, TBT ${Math.round(metrics.totalBlockingTime!)} ms`);
console.log('requests (observed ms from the navigation):');
for (const r of (lhr.audits['network-requests']?.details as unknown as { items: Request[] }).items) {
  console.log(`  ${String(Math.round(r.networkRequestTime)).padStart(5)}–${String(Math.round(r.networkEndTime)).padEnd(5)} ${r.priority.padEnd(8)} ${String(r.resourceType).padEnd(10)} ${(r.transferSize / 1024).toFixed(1).padStart(5)} KB ${r.url.replace(base, '').slice(0, 100)}`);
}

const events = (artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents;
const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? events.find((e) => e.name === 'navigationStart');
const fcp = events.find((e) => e.name === 'firstContentfulPaint');
if (!navigation || !fcp) throw new Error('no navigation or first contentful paint in the trace');
const mainThread = events.find((e) => e.pid === fcp.pid && e.name === 'ParseHTML')?.tid;
const onMain = events.filter((e) => e.pid === fcp.pid && e.tid === mainThread && e.ph === 'X');
const ms = (us: number) => (us / 1000).toFixed(1);
// LANTERN_TASKS_UNTIL (ms from the navigation) and LANTERN_TASKS_MIN (ms) look further: the tasks TBT weighs come after the paint.
const until = process.env.LANTERN_TASKS_UNTIL ? navigation.ts + Number(process.env.LANTERN_TASKS_UNTIL) * 1000 : fcp.ts;
const shortest = Number(process.env.LANTERN_TASKS_MIN ?? 0.3) * 1000;
console.log(`main-thread tasks over ${ms(shortest)} ms up to ${process.env.LANTERN_TASKS_UNTIL ? `${process.env.LANTERN_TASKS_UNTIL} ms` : 'the first contentful paint'} (observed):`);
for (const task of onMain.filter((e) => e.name === 'RunTask' && e.ts <= until && (e.dur ?? 0) > shortest)) {
  const end = task.ts + (task.dur ?? 0);
  const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > 100);
  console.log(`  at ${ms(task.ts - navigation.ts)} ms, ${ms(task.dur ?? 0)} ms: ${[...new Set(inside.map((e) => `${e.name}${e.args?.data?.type ? ` (${e.args.data.type})` : ''} ${ms(e.dur ?? 0)}`))].slice(0, 14).join(', ')}`);
}
console.log(`first contentful paint at ${ms(fcp.ts - navigation.ts)} ms`);
console.log(((lhr.audits['lantern-graphs']?.details as unknown as { lines?: string[] })?.lines ?? ['(no Lantern graphs)']).join('\n'));
