import type { PluginOption } from 'vite';
import { preloadEntryImports, remotePreloadList } from './preload';
import { shareContainer, sharedImports, sharedVersions } from './container';
import { treemap } from './treemap';
import { SHARED_SINGLETONS } from './singletons';
import { fewerFiles } from './chunks';
import { collapseProxies } from './proxies';

/**
 * The entry file every remote publishes, one folder down from its hashed files: it loads them as
 * `../assets/…`, so the store serves it at `/releases/<remote>/<version>/remoteEntry.js` and the files
 * at `/releases/<remote>/assets/`, one address for every version (SHARED_LAYOUT_ENTRY in
 * @adire/contracts, the same path): after a publish a browser fetches only the files that changed.
 */
export const REMOTE_ENTRY = 'release/remoteEntry.js';

/**
 * A remote: a Module Federation container (container.ts) exposing its single-spa lifecycles from one
 * entry module, taking every shared library from the shell's scope, and listing the files mounting it
 * loads (preload.json) so the server can announce them in the page. `routeModules` names the page
 * module a path prefix lazily loads ('/product/' → './src/product/ProductPage.tsx'), so a page of
 * that path announces it too.
 */
export async function remoteFederation(name: string, exposes: Record<string, string>, routeModules: Record<string, string> = {}): Promise<PluginOption[]> {
  const shared = await sharedImports(process.cwd(), SHARED_SINGLETONS);
  return [
    shareContainer({ name, entryFile: REMOTE_ENTRY, exposes, shared }),
    collapseProxies(),
    remotePreloadList(REMOTE_ENTRY, routeModules),
    fewerFiles({ entries: Object.values(exposes) }),
    treemap(name),
  ];
}

/**
 * The shell: provides the shared libraries itself (src/federation/shares.ts) and loads each remote's
 * container from /remotes.json at run time — no build-time remotes, no federation plugin.
 */
export function hostFederation(): PluginOption {
  return [sharedVersions(Object.keys(SHARED_SINGLETONS)), collapseProxies(), preloadEntryImports(), treemap('shell')];
}

export { precompress } from './precompress';
export { mountFiles, PRELOAD_FILE, type RemotePreload } from './preload';
export { sharedVersions } from './container';
export { SHARED_SINGLETONS } from './singletons';
export { serverDrawBuild } from './serverDraw';
