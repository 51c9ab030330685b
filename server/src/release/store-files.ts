import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES } from '@adire/contracts';
import { shortPath } from '../http/errors';
import { shellFileOf } from '../http/file-paths';
import { ROOT } from '../paths';
import type { ServerDrawOptions } from './page-drawer';
import type { ReleaseRegistry } from './registry';
import { releaseFileOf } from './release-file';
import { liveShellFolder, SHARED_LAYOUT_ENTRY, storeManifest } from './releases';
import { forBrowser, shellPages, type PageTiming, type ShellOptions } from './shell-pages';

export type { ServerDrawOptions } from './page-drawer';
export { forBrowser, type PageTiming } from './shell-pages';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether a file is there; a name the file system refuses (too long, …) is no file, not an error. */
function isFileAt(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * The embedded default: this process also serves the shell (its live release, else the build in
 * SHELL_DIR), the immutable remote releases and `/remotes.json`. A CDN can take over the static parts
 * without any change to the API.
 */
export async function registerStoreFiles(
  app: FastifyInstance,
  dirs: { shellDir: string; registry: ReleaseRegistry; devRemotes?: boolean; devOverrides?: boolean; serverDraw?: ServerDrawOptions; pageTiming?: PageTiming; bucketSecret?: string },
) {
  const { registry } = dirs;
  const releasesDir = registry.cacheDir;
  fs.mkdirSync(releasesDir, { recursive: true });
  if (dirs.devRemotes) {
    await registerDevRemotes(app);
    return registerShell(app, { shellDir: dirs.shellDir, registry, useReleases: false });
  }
  app.get('/remotes.json', async (request, reply) => {
    // The registry's stamp is checked on every request: a publish or rollback made through any
    // instance shows on the next page load, no restart.
    const manifest = forBrowser(await registry.served(), request, reply, dirs.bucketSecret);
    return reply.header('cache-control', 'no-store').send(storeManifest(manifest, { devOverrides: dirs.devOverrides }));
  });

  // The release files in a plugin of their own: its hook runs for /releases/* only, so no API answer
  // or page pays for it (issue 22).
  await app.register(async (releaseFiles) => {
    // A release's files are unpacked from the registry into this instance's cache on first use (a page
    // drawn before a rollback may still ask for the other version's chunks).
    releaseFiles.addHook('onRequest', async (request) => {
      const asked = releaseFileOf(request.url);
      if (!asked) return;
      // The shared layout (releases.ts): an asset from the newest version holding it, an entry from its
      // release/ folder; each placed where it is asked for.
      if (asked.version === null) await registry.share(asked.target, { asset: asked.file });
      else if (!asked.file.includes('/')) await registry.share(asked.target, { version: asked.version, entry: asked.file });
      else await registry.unpack(asked.target, asked.version);
    });

    await releaseFiles.register(fastifyStatic, {
      root: releasesDir,
      prefix: '/releases/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      // Each build writes .br and .gz copies at maximum compression beside its files; send those.
      preCompressed: true,
      // Only files inside a release folder, judged on the path's normal form (release-file.ts); never the
      // manifest, its lock, a staging copy, a release's record or its server draw module.
      allowedPath: (_pathName, _root, request) => releaseFileOf(request.url) !== null,
      setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
    });
  });

  await registerShell(app, { shellDir: dirs.shellDir, registry, useReleases: true, devOverrides: dirs.devOverrides, serverDraw: dirs.serverDraw, pageTiming: dirs.pageTiming, bucketSecret: dirs.bucketSecret });
}

/** Development only: each remote straight from its `vite build --watch` folder, never cached. */
async function registerDevRemotes(app: FastifyInstance) {
  app.get('/remotes.json', async (_request, reply) => {
    const entries = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { version: 'dev', entry: `/dev-remotes/${name}/${SHARED_LAYOUT_ENTRY}` }]),
    );
    // A development store: the shell also honours ?remote.<name>=<local entry> overrides.
    return reply.header('cache-control', 'no-store').send({ ...entries, devOverrides: true });
  });
  for (const name of REMOTE_NAMES) {
    const root = path.join(ROOT, `mf-${name}`, 'dist');
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/dev-remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', 'no-store'),
    });
  }
}

/**
 * Where the shell's files come from, first match wins: the live shell release; the other shell
 * releases (a page loaded before a publish or rollback still finds its lazily loaded chunks, whose
 * hashed names never clash); last the build in SHELL_DIR (a store whose shell is not released).
 */
function shellFolders({ shellDir, registry, useReleases }: ShellOptions, live: string | null): string[] {
  const folders = live ? [live] : [];
  const all = path.join(registry.cacheDir, 'shell');
  if (useReleases && fs.existsSync(all)) {
    for (const e of fs.readdirSync(all, { withFileTypes: true })) {
      const dir = path.join(all, e.name);
      if (e.isDirectory() && !e.name.includes('.staging-') && dir !== live) folders.push(dir);
    }
  }
  folders.push(shellDir);
  return folders;
}

/**
 * How long a browser keeps one of the shell's files: content-hashed names (assets/…,
 * remoteEntry-<hash>.js) never change, so for good; the rest (the page, the icon) is revalidated.
 * Judged on the file's own name: the precompressed copy sent for it (`….js.br`, `….js.gz`) is the same file.
 */
function shellFileCacheControl(filePath: string): string {
  const file = filePath.replace(/\.(br|gz)$/, '');
  const hashed = file.includes(`${path.sep}assets${path.sep}`) || /-[\w-]{8}\.js$/.test(path.basename(file));
  return hashed ? IMMUTABLE : 'no-cache';
}

/** The shell's own files (its index, scripts, styles, icons) from the first of its folders that has them. */
async function registerShellFiles(app: FastifyInstance, opts: ShellOptions) {
  const { registry, useReleases } = opts;
  const releasesDir = registry.cacheDir;
  // reply.sendFile for the shell's files; each call names the folder it sends from.
  await app.register(fastifyStatic, {
    root: releasesDir,
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => res.setHeader('cache-control', shellFileCacheControl(filePath)),
  });

  app.get('/*', async (request, reply) => {
    const file = shellFileOf(request.url);
    if (!file) return reply.callNotFound();
    const live = useReleases ? liveShellFolder(releasesDir, await registry.served()) : null;
    const isFile = (dir: string) => isFileAt(path.join(dir, file));
    // Not in this instance's cache yet: the shell release that has it, unpacked from the registry.
    const folder = shellFolders(opts, live).find(isFile) ?? (useReleases ? await registry.shellFolderWith(file) : null);
    if (!folder || !isFile(folder)) return reply.callNotFound();
    return reply.sendFile(file, folder);
  });
}

/** The shell's files, then its pages: `/` and every address no route takes that looks like a page (shell-pages.ts). */
async function registerShell(app: FastifyInstance, opts: ShellOptions) {
  await registerShellFiles(app, opts);
  const sendShell = shellPages(app, opts);
  app.get('/', async (request, reply) => sendShell(request, reply, request.url));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/v1/') &&
      !url.startsWith('/releases/') &&
      !url.startsWith('/dev-remotes/') &&
      !url.startsWith('/media/') &&
      // The metrics are on their own port (METRICS_PORT), never here: a plain 404, not the shell's page.
      url.split('?')[0] !== '/metrics' &&
      !/\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0] ?? '');
    if (isPage) return sendShell(request, reply, url);
    return reply.status(404).send({ message: `Not found: ${request.method} ${shortPath(url)}`, code: 'NOT_FOUND' });
  });
}
