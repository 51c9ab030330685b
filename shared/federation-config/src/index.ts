import { federation } from '@module-federation/vite';
import type { PluginOption } from 'vite';
import { hostSharedPreload, remotePreloadList } from './preload';
import { treemap } from './treemap';
import { fewerFiles } from './chunks';
import { collapseProxies } from './proxies';

type FederationOptions = Parameters<typeof federation>[0];
type SharedConfig = NonNullable<FederationOptions['shared']>;

/**
 * Singletons every app shares, stated once. Ranges (not strictVersion on exact versions) so a remote
 * one release behind the shell still loads. A package missing from one app's list would be evaluated
 * twice — and the bus would split in two — so every app takes this whole list.
 */
export const SHARED_SINGLETONS = {
  react: '^19.0.0',
  'react-dom': '^19.0.0',
  // The router through its facade: react-router-dom shared whole would ship every export of it.
  '@adire/router': '^1.0.0',
  zustand: '^5.0.0',
  '@adire/event-bus': '^1.0.0',
  '@adire/api-client': '^1.0.0',
  '@adire/domain': '^1.0.0',
} as const;

export function sharedSingletons(eager: (name: string) => boolean = () => false): SharedConfig {
  return Object.fromEntries(
    Object.entries(SHARED_SINGLETONS).map(([name, requiredVersion]) => [name, { singleton: true, requiredVersion, ...(eager(name) ? { eager: true } : {}) }]),
  );
}

/**
 * What the shell does not provide eagerly: react-dom, the one shared library whose evaluation is a
 * long task (10–15 ms on a slow machine, four times that on Lighthouse's phone). It is its own chunk,
 * evaluated in a task of its own once the runtime asks for it; eager, it was evaluated with the
 * runtime's start and the other libraries in one task of 50–70 ms. The others stay eager, in one
 * chunk: small, and smaller compressed together (each in its own chunk, the home page's scripts
 * were 3.6 KB heavier).
 */
export const HOST_SHARED_ON_DEMAND: readonly string[] = ['react-dom'];

/**
 * The entry file every remote publishes, one folder down from its hashed files: it loads them as
 * `../assets/…`, so the store serves it at `/releases/<remote>/<version>/remoteEntry.js` and the files
 * at `/releases/<remote>/assets/`, one address for every version (SHARED_LAYOUT_ENTRY in
 * @adire/contracts, the same path): after a publish a browser fetches only the files that changed.
 */
export const REMOTE_ENTRY = 'release/remoteEntry.js';

/**
 * A remote: exposes its single-spa lifecycles from one entry module, and lists the files mounting it
 * loads (preload.json) so the server can announce them in the page. `routeModules` names the page
 * module a path prefix lazily loads ('/product/' → './src/product/ProductPage.tsx'), so a page of
 * that path announces it too.
 */
export function remoteFederation(name: string, exposes: Record<string, string>, routeModules: Record<string, string> = {}): PluginOption {
  return [
    federation({
      name,
      filename: REMOTE_ENTRY,
      exposes,
      shared: sharedSingletons(),
      dts: false,
      manifest: false,
      // A remote consumes no other remote and is loaded from its remoteEntry.js (no manifest snapshot):
      // leave that part of the federation runtime out of its glue.
      disableRemote: true,
      disableSnapshot: true,
      experiments: { externalRuntime: true },
    }),
    collapseProxies(),
    remotePreloadList(REMOTE_ENTRY, routeModules),
    fewerFiles({ entries: Object.values(exposes) }),
    treemap(name),
  ];
}

/**
 * The shell: a pure consumer with no build-time remotes; it registers them from /remotes.json. Its
 * page announces the shared libraries it provides, so they load in parallel (see preload.ts). All
 * but react-dom are eager (HOST_SHARED_ON_DEMAND says why); since the server draws the first
 * screen, no paint waits for any of them. `runtimePlugins` are files of federation runtime plugins,
 * as the plugin takes them.
 */
export function hostFederation(runtimePlugins: string[] = []): PluginOption {
  return [
    federation({
      name: 'shell',
      remotes: {},
      shared: sharedSingletons((name) => !HOST_SHARED_ON_DEMAND.includes(name)),
      runtimePlugins,
      dts: false,
      manifest: false,
      // Remotes are registered from /remotes.json by their remoteEntry.js, never by a manifest snapshot.
      disableSnapshot: true,
      experiments: { provideExternalRuntime: true },
    }),
    hostSharedPreload(),
    collapseProxies(),
    fewerFiles({ entries: [], together: HOST_SHARED_ON_DEMAND }),
    treemap('shell'),
  ];
}

export { precompress } from './precompress';
export { mountFiles, PRELOAD_FILE, type RemotePreload } from './preload';
export { serverDrawBuild } from './serverDraw';
