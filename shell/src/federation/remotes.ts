import type { RemoteName, RemotesManifest } from '@adire/contracts';
import { lifecyclesModuleId, type RemoteLifecycles } from '@adire/contracts/remotes';
import { loadRemote, registerRemotes } from '@module-federation/runtime';

/** A remote that hangs must give way to its fallback well within 5 s. */
export const REMOTE_LOAD_TIMEOUT_MS = 4000;

let manifest: Partial<RemotesManifest> = {};
let manifestReady: Promise<Partial<RemotesManifest>> | null = null;

/** Fetch /remotes.json once per page (never cached) and register every remote with the runtime. */
export function loadManifest(): Promise<Partial<RemotesManifest>> {
  manifestReady ??= fetchAndRegister();
  return manifestReady;
}

async function fetchAndRegister(): Promise<Partial<RemotesManifest>> {
  try {
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(`/remotes.json answered ${res.status}`);
    manifest = (await res.json()) as Partial<RemotesManifest>;
  } catch (err) {
    console.error('[shell] could not read /remotes.json; every remote shows its fallback', err);
    manifest = {};
  }
  register(Object.keys(manifest) as RemoteName[], 0);
  return manifest;
}

export function liveManifest(): Partial<RemotesManifest> {
  return manifest;
}

function register(names: RemoteName[], attempt: number) {
  const remotes = names.flatMap((name) => {
    const entry = manifest[name]?.entry;
    if (!entry) return [];
    const url = new URL(entry, window.location.href);
    // A retry asks for a fresh URL: the browser keeps a hung or failed module request per URL.
    if (attempt > 0) url.searchParams.set('attempt', String(attempt));
    return [{ name, entry: url.href, type: 'module' as const }];
  });
  if (remotes.length) registerRemotes(remotes, { force: attempt > 0 });
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** Load a remote's lifecycles; attempt > 0 re-registers it first so a retry really fetches again. */
export async function loadLifecycles(name: RemoteName, attempt = 0): Promise<RemoteLifecycles> {
  await loadManifest();
  if (!manifest[name]) throw new Error(`${name} is not in /remotes.json`);
  if (attempt > 0) register([name], attempt);
  const module = await withTimeout(
    loadRemote<RemoteLifecycles>(lifecyclesModuleId(name)),
    REMOTE_LOAD_TIMEOUT_MS,
    `${name} did not answer within ${REMOTE_LOAD_TIMEOUT_MS / 1000} s`,
  );
  if (!module || typeof module.mount !== 'function') throw new Error(`${name} did not expose its lifecycles`);
  return module;
}
