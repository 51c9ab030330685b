import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REMOTE_NAMES } from '@adire/contracts';
import { ROOT } from '../config';
import { ENTRY_FILE, readManifest, remotesJson } from '../release/releases';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The embedded default: this process also serves the built shell, the immutable remote releases and
 * `/remotes.json`. A CDN can take over the two static parts without any change to the API.
 */
export async function registerStoreFiles(
  app: FastifyInstance,
  dirs: { shellDir: string; releasesDir: string; devRemotes?: boolean },
) {
  if (dirs.devRemotes) {
    await registerDevRemotes(app);
    return registerShell(app, dirs.shellDir);
  }
  app.get('/remotes.json', async (_request, reply) => {
    // Read on every request: a publish or rollback shows on the next page load, no restart.
    const manifest = readManifest(dirs.releasesDir);
    return reply.header('cache-control', 'no-store').send(remotesJson(manifest));
  });

  fs.mkdirSync(dirs.releasesDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dirs.releasesDir,
    prefix: '/releases/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    // Only files inside a release folder; never the manifest, its lock or a staging copy.
    allowedPath: (pathName) => /^\/?[a-z]+\/[^/]+\/.+/.test(pathName) && !pathName.includes('.staging-'),
    setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE),
  });

  await registerShell(app, dirs.shellDir);
}

/** Development only: each remote straight from its `vite build --watch` folder, never cached. */
async function registerDevRemotes(app: FastifyInstance) {
  app.get('/remotes.json', async (_request, reply) => {
    const entries = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { version: 'dev', entry: `/dev-remotes/${name}/${ENTRY_FILE}` }]),
    );
    return reply.header('cache-control', 'no-store').send(entries);
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

async function registerShell(app: FastifyInstance, shellDir: string) {
  if (fs.existsSync(shellDir)) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const indexFile = path.join(shellDir, 'index.html');
  // Every page route gets the shell; the shell decides what it shows (including "page not found").
  const sendShell = (reply: FastifyReply) => {
    if (!fs.existsSync(indexFile)) {
      return reply.status(503).type('text/plain').send('The store is not built yet: run `pnpm build`.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  };
  app.get('/', async (_request, reply) => sendShell(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage =
      request.method === 'GET' &&
      !url.startsWith('/v1/') &&
      !url.startsWith('/releases/') &&
      !url.startsWith('/dev-remotes/') &&
      !url.startsWith('/media/') &&
      !/\.[a-z0-9]+(\?|$)/i.test(url.split('?')[0] ?? '');
    if (isPage) return sendShell(reply);
    return reply.status(404).send({ message: `Not found: ${request.method} ${url.split('?')[0]}`, code: 'NOT_FOUND' });
  });
}
