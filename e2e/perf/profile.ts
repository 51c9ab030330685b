// What the main thread does while a page starts: one first visit in Chromium at a CPU slowdown
// (CDP's real throttling, 4× by default), sampled by V8's profiler every 100 µs, printed as the
// stretches of work with no idle sample between them (longer than PROFILE_MIN ms, default 30), each
// with the functions it spent most in (inclusive, as script:line:column, so a minified name can be
// found in the built file). For finding *what* makes a long task, not for comparing builds (that is
// probe-tasks.ts) nor for figures (bench-store.ts). The CPU profile is written to PROFILE_OUT too,
// for Chromium's DevTools.
//
//   node --import tsx perf/profile.ts <base url> <home|category|product|checkout>
//   PROFILE_CPU=4 PROFILE_MIN=30 PROFILE_TOP=20 PROFILE_OUT=/tmp/<page>.cpuprofile
//
// Found with it (2026-11-30): the checkout's hydration ran in React's synchronous work loop
// (renderRootSync), one blocking task, because its mount awaited before drawing (@adire/ui's
// lifecycles now start every mount's render as a transition).
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { CHROMIUM, storePages } from './lighthouse';

const [base, which] = process.argv.slice(2);
if (!base || !which) throw new Error('give the store\'s base URL and a page: home, category, product or checkout');
const CPU = Number(process.env.PROFILE_CPU ?? 4);
const MIN_US = Number(process.env.PROFILE_MIN ?? 30) * 1000;
const TOP = Number(process.env.PROFILE_TOP ?? 20);
const OUT = process.env.PROFILE_OUT ?? `/tmp/${which}.cpuprofile`;

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] }

const page = (await storePages(base)).find((p) => p.name === which);
if (!page) throw new Error(`no page "${which}": home, category, product or checkout`);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic'] });
let profile: Profile;
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  if (page.storage) {
    const seed = await context.newPage();
    await seed.goto(`${base}/healthz`);
    await seed.evaluate((entries) => entries.forEach(([key, value]) => localStorage.setItem(key, value)), Object.entries(page.storage));
    await seed.close();
  }
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Profiler.start');
  await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' });
  // the work after the last request (hydration's slices, effects, idle prefetch), until the page is idle
  await tab.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 5000 })));
  profile = (await cdp.send('Profiler.stop')).profile as Profile;
} finally {
  await browser.close();
}
writeFileSync(OUT, JSON.stringify(profile));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const label = ({ callFrame: f }: ProfileNode) => (f.url ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()?.split('?')[0]}:${f.lineNumber + 1}:${f.columnNumber + 1}` : f.functionName);
const stackLabels = (id: number) => {
  const labels = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) labels.add(label(nodes.get(at)!));
  return labels;
};

// Stretches of consecutive samples that are not idle.
let time = profile.startTime;
const stretches: { start: number; end: number; samples: { id: number; us: number }[] }[] = [];
let current: (typeof stretches)[number] | null = null;
profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i + 1] ?? 0;
  time += profile.timeDeltas[i] ?? 0;
  if (nodes.get(id)!.callFrame.functionName === '(idle)') {
    current = null;
    return;
  }
  if (!current) stretches.push((current = { start: time, end: time, samples: [] }));
  current.end = time + us;
  current.samples.push({ id, us });
});

console.log(`${which} at ${CPU}× CPU: stretches of work over ${MIN_US / 1000} ms (from the navigation), with where their time went`);
for (const stretch of stretches.filter((s) => s.end - s.start >= MIN_US)) {
  console.log(`at ${((stretch.start - profile.startTime) / 1000).toFixed(0)} ms, ${((stretch.end - stretch.start) / 1000).toFixed(1)} ms`);
  const inclusive = new Map<string, number>();
  for (const { id, us } of stretch.samples) for (const name of stackLabels(id)) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  for (const [name, us] of [...inclusive].filter(([name]) => name !== '(root)').sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${(us / 1000).toFixed(1).padStart(6)} ms  ${name}`);
  }
}
