import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** preload.json in a remote's build: the files a page needs to mount it, relative to its folder. */
export interface RemotePreload {
  scripts: string[];
  styles: string[];
  /** Extra files by page path prefix: the lazily loaded page module a path shows, with its imports. */
  routes?: Record<string, { scripts: string[]; styles: string[] }>;
}

export const PRELOAD_FILE = 'preload.json';

/**
 * The scripts and style sheets loaded whenever the remote is mounted: its entry's static imports,
 * and the modules the entry itself imports on load (the share map and the exposed lifecycles) with
 * their static imports. Shared-library fallbacks are left out: they load only when the page has no
 * provider for them.
 */
export function mountFiles(bundle: OutputBundle, entryFile: string, routeModules: Record<string, string> = {}): RemotePreload {
  const chunks = new Map(Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
  const entry = chunks.get(entryFile);
  if (!entry) return { scripts: [], styles: [] };
  const closure = (roots: (OutputChunk | undefined)[], known = new Set<string>()) => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (chunk: OutputChunk | undefined) => {
      if (!chunk || scripts.has(chunk.fileName) || known.has(chunk.fileName)) return;
      scripts.add(chunk.fileName);
      const css = (chunk as OutputChunk & { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
      for (const file of css ?? []) styles.add(file);
      for (const file of chunk.imports) visit(chunks.get(file));
    };
    roots.forEach(visit);
    return { scripts: [...scripts], styles: [...styles] };
  };
  const mount = closure([entry, ...entry.dynamicImports.map((file) => chunks.get(file))]);
  const routes: NonNullable<RemotePreload['routes']> = {};
  for (const [prefix, source] of Object.entries(routeModules)) {
    const suffix = source.replace(/^\.\//, '/');
    // The page's own chunk: a dynamic entry, or the chunk its group (chunks.ts) put it in.
    const holds = (c: OutputChunk) => c.moduleIds.some((id) => id.endsWith(suffix));
    const page = [...chunks.values()].find((c) => c.isDynamicEntry && holds(c)) ?? [...chunks.values()].find(holds);
    if (page) routes[prefix] = closure([page], new Set(mount.scripts));
  }
  return Object.keys(routeModules).length ? { ...mount, routes } : mount;
}

/** Writes preload.json, so the server can announce a remote's files as soon as a page is asked for. */
export function remotePreloadList(entryFile: string, routeModules: Record<string, string> = {}): Plugin {
  return {
    name: 'adire:remote-preload',
    apply: 'build',
    // After the proxies are gone (collapseProxies, also 'post' and before it): the list names files that exist.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const preload = mountFiles(bundle, entryFile, routeModules);
        for (const prefix of Object.keys(routeModules)) if (!preload.routes?.[prefix]) this.warn(`no lazily loaded chunk found for ${routeModules[prefix]} (route ${prefix})`);
        this.emitFile({ type: 'asset', fileName: PRELOAD_FILE, source: `${JSON.stringify(preload, null, 2)}\n` });
      },
    },
  };
}

/**
 * The shell's page announces what its entry loads by `import()` at once (main.ts: react-dom, then the
 * shell), with everything those files import, so the browser fetches them all in parallel with the
 * entry instead of one round trip after another.
 */
export function preloadEntryImports(): Plugin {
  return {
    name: 'adire:preload-entry-imports',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return html;
        const chunks = new Map(Object.values(ctx.bundle).flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])));
        const files = new Set<string>();
        const visit = (chunk: OutputChunk | undefined) => {
          if (!chunk || files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const file of chunk.imports) visit(chunks.get(file));
        };
        for (const file of ctx.chunk.dynamicImports) visit(chunks.get(file));
        const base = ctx.server?.config.base ?? '/';
        return [...files]
          .filter((file) => !html.includes(file))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}
