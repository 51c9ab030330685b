// `node --import tsx perf/treemap.ts` (issue 42): where a first visit's script bytes go, per page, per
// package and per remote, against a running store (BASE_URL, default http://127.0.0.1:8090). Each
// app must have been built with `ADIRE_TREEMAP=<folder>` (TREEMAP_DIR, default ../var/treemap): its
// rollup-plugin-visualizer raw data says which modules each file holds; a file's bytes as sent (brotli
// body, from the browser's network events) are shared among its modules by their brotli sizes, and the
// response headers are counted apart. `TREEMAP_PAGES=home,product` measures only those pages;
// `SAVE_DATA=1` sends `Save-Data: on`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { CHROMIUM, storePages } from './lighthouse';
import { fromNetwork, watchScriptLoads } from './script-loads';

const here = path.dirname(fileURLToPath(import.meta.url));
const BASE = (process.env.BASE_URL ?? 'http://127.0.0.1:8090').replace(/\/+$/, '');
const DIR = path.resolve(process.env.TREEMAP_DIR ?? path.join(here, '..', '..', 'var', 'treemap'));
const ONLY = process.env.TREEMAP_PAGES?.split(',');

interface RawData {
  nodeParts: Record<string, { brotliLength: number; metaUid: string }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
}

/** For each built file of each app: the brotli bytes of each package in it (from the module sizes). */
function filePackages(): Map<string, Map<string, number>> {
  const files = new Map<string, Map<string, number>>();
  for (const name of fs.existsSync(DIR) ? fs.readdirSync(DIR) : []) {
    if (!name.endsWith('.json')) continue;
    const app = name.replace(/\.json$/, '');
    const data = JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8')) as RawData;
    for (const meta of Object.values(data.nodeMetas)) {
      for (const [file, part] of Object.entries(meta.moduleParts)) {
        const key = `${app}:${file}`;
        const packages = files.get(key) ?? new Map<string, number>();
        const pkg = packageOf(meta.id, app);
        packages.set(pkg, (packages.get(pkg) ?? 0) + (data.nodeParts[part]?.brotliLength ?? 0));
        files.set(key, packages);
      }
    }
  }
  return files;
}

/** The package a module belongs to, as a reader of the page's bill would name it. */
export function packageOf(id: string, app: string): string {
  const modules = id.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = id.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    return name.startsWith('@module-federation/') ? 'federation runtime' : name;
  }
  if (/__mf__|virtual:mf|__mfe_internal__|mf-entry|remoteEntry|localSharedImportMap|hostInit|adire-shared|adire-own|adire-container/.test(id)) return 'federation glue';
  if (id.startsWith('\0') || id.includes('vite/')) return 'bundler glue';
  const shared = /\/shared\/([^/]+)\//.exec(id);
  if (shared && !id.includes(`/${app}/`)) return `@adire/${shared[1]}`;
  return `${app} (own code)`;
}

/** The app and built file a served script URL is: /assets/x.js is the shell's, /releases/<remote>/<v>/… a remote's. */
function fileOf(url: string): { app: string; file: string } {
  const pathname = new URL(url).pathname;
  const release = /^\/releases\/([^/]+)\/[^/]+\/(.+)$/.exec(pathname);
  if (release) return { app: release[1]!, file: release[2]! };
  return { app: 'shell', file: pathname.replace(/^\//, '') };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const files = filePackages();
const browser = await chromium.launch({ executablePath: CHROMIUM });
for (const page of await storePages(BASE)) {
  if (ONLY && !ONLY.includes(page.name)) continue;
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, extraHTTPHeaders: process.env.SAVE_DATA === '1' ? { 'Save-Data': 'on' } : {} });
  const tab = await context.newPage();
  if (page.storage) {
    await tab.goto(`${BASE}/healthz`);
    await tab.evaluate((entries) => entries.forEach(([k, v]) => localStorage.setItem(k, v)), Object.entries(page.storage));
  }
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  const requests = new Map<string, { url: string; type: string; headers: number; bytes: number }>();
  cdp.on('Network.responseReceived', (e) => requests.set(e.requestId, { url: e.response.url, type: e.type, headers: e.response.encodedDataLength, bytes: 0 }));
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.bytes = e.encodedDataLength;
  });
  await tab.goto(`${BASE}${page.path}`);
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(1500); // what loads when idle counts too
  await tab.waitForLoadState('networkidle');
  const scripts = [...requests.values()].filter((r) => r.type === 'Script');
  const byPackage = new Map<string, number>();
  const byRemote = new Map<string, { bytes: number; files: number }>();
  const add = (pkg: string, bytes: number) => byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytes);
  for (const script of scripts) {
    const { app, file } = fileOf(script.url);
    const remote = byRemote.get(app) ?? { bytes: 0, files: 0 };
    byRemote.set(app, { bytes: remote.bytes + script.bytes, files: remote.files + 1 });
    add('(response headers)', script.headers);
    const body = script.bytes - script.headers;
    const packages = files.get(`${app}:${file}`);
    const known = packages ? [...packages.values()].reduce((a, b) => a + b, 0) : 0;
    if (!packages || !known) add(`(not in the treemap: ${app} ${file})`, body);
    else for (const [pkg, share] of packages) add(pkg, (body * share) / known);
  }
  const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
  console.log(`\n${page.name} (${page.path.replace(/orderId=.*/, 'orderId=…')}): ${scripts.length} script files, ${kb(total)} as sent`);
  console.log(`  by remote:  ${[...byRemote].sort((a, b) => b[1].bytes - a[1].bytes).map(([app, r]) => `${app} ${kb(r.bytes)} in ${r.files}`).join(', ')}`);
  console.log('  by package:');
  for (const [pkg, bytes] of [...byPackage].sort((a, b) => b[1] - a[1])) if (bytes >= 50) console.log(`    ${kb(bytes).padStart(9)}  ${pkg}`);
  // The same page again, in the same browser (item 3): which scripts cross the network a second time.
  const again = watchScriptLoads(cdp);
  await tab.goto(`${BASE}${page.path}`);
  await tab.waitForLoadState('networkidle');
  await tab.waitForTimeout(1500);
  await tab.waitForLoadState('networkidle');
  const fetched = fromNetwork(again.values());
  console.log(`  a second visit: ${again.size} scripts, ${fetched.length} from the network (${kb(fetched.reduce((sum, r) => sum + r.bytes, 0))})${fetched.map((r) => `\n    ${new URL(r.url).pathname}`).join('')}`);
  await context.close();
}
await browser.close();
