import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { SHARE_SCOPES_GLOBAL } from '@adire/contracts/shares';
import { readProxy } from './proxies';

/**
 * A remote's build as a Module Federation container (issue 42): its entry, `release/remoteEntry.js`,
 * exports `init(scope)` and `get(module)`, and each import of a shared library in its code becomes a
 * small module that takes the library from the scope the shell gave `init` (`sharedModule` in
 * @adire/contracts/shares). This replaces @module-federation/vite's generated entry, share wrappers,
 * import map, host init and runtime: 11 of the 16 script files of a first visit, and about 40 KB.
 */

/** A shared library as a remote imports it: its import id and the range of versions it accepts. */
export interface SharedImport {
  id: string;
  range: string;
  /** Every name the library exports (`default` included when it has one). */
  names: string[];
}

const SHARED_PREFIX = '\0adire-shared:';
const OWN_PREFIX = '\0adire-own:';
const CONTAINER_ID = '\0adire-container';

/** A JavaScript string literal for `text`. */
const literal = (text: string) => JSON.stringify(text);

/**
 * The module standing for a shared library in a remote: waits for the library (the shell's, or the
 * remote's own copy) and re-exports each of its names. Top-level await: nothing importing it runs
 * before the library is there, and the container's `get` runs only after `init`.
 */
export function sharedModuleCode(remote: string, shared: SharedImport): string {
  const lines = [
    `import { sharedModule } from '@adire/contracts/shares';`,
    `const m = await sharedModule(${literal(remote)}, ${literal(shared.id)}, ${literal(shared.range)}, () => import(${literal(OWN_PREFIX + shared.id)}).then((own) => own.ns));`,
  ];
  shared.names.forEach((name, i) => {
    lines.push(`const n${i} = m[${literal(name)}];`);
    lines.push(name === 'default' ? `export default n${i};` : `export { n${i} as ${literal(name)} };`);
  });
  return `${lines.join('\n')}\n`;
}

/** Stands in the container's code for an exposed module's file until the bundle is written. */
const exposedPlaceholder = (index: number) => `__ADIRE_EXPOSED_${index}__`;

/**
 * The container: `init` keeps the shell's scope where the remote's shared modules read it
 * (SHARE_SCOPES_GLOBAL, by the remote's name); `get` adds an exposed module's style sheets to the page
 * and imports it. It imports nothing itself — not even the bundler's preload helper — so nothing of
 * the remote runs before `init`; the exposed modules are entries of their own, whose files
 * (placeholders here) are written in when the bundle is.
 */
export function containerCode(name: string, exposed: string[]): string {
  const table = exposed.map((key, i) => `  ${literal(key)}: ${exposedPlaceholder(i)},`).join('\n');
  return `const exposed = {
${table}
};
function addStyle(file) {
  const href = new URL(file, import.meta.url).href;
  if ([...document.querySelectorAll('link[rel="stylesheet"]')].some((link) => link.href === href)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  return new Promise((resolve) => {
    link.onload = link.onerror = resolve;
    document.head.append(link);
  });
}
export function init(scope) {
  (globalThis[${literal(SHARE_SCOPES_GLOBAL)}] ??= {})[${literal(name)}] = scope;
}
export async function get(request) {
  const files = exposed[request];
  if (!files) throw new Error(${literal(`${name} exposes no `)} + request);
  await Promise.all(files.styles.map(addStyle));
  const loaded = await import(new URL(files.script, import.meta.url).href);
  // The module's names in the file that holds it (a bundled file names its exports as it likes).
  const names = Object.entries(files.names ?? {});
  const module = names.length ? Object.fromEntries(names.map(([exported, local]) => [exported, loaded[local]])) : loaded;
  return () => module;
}
`;
}

/**
 * The names a library exports: a workspace package's TypeScript read from its source (its exports
 * followed through `export * from`), an installed package by loading it in Node from the app's folder
 * (`root`) — CommonJS (React) through require, an ES module through import.
 */
export async function exportNames(root: string, id: string): Promise<string[]> {
  const require = createRequire(path.join(root, 'package.json'));
  const file = require.resolve(id);
  if (/\.tsx?$/.test(file)) return [...sourceExports(file)].sort();
  if (!file.endsWith('.mjs')) {
    try {
      return [...new Set([...Object.keys(require(file) as object), 'default'])].sort();
    } catch {
      // an ES module under .js: imported below
    }
  }
  return Object.keys((await import(/* @vite-ignore */ pathToFileURL(file).href)) as object).sort();
}

/** The value exports of a TypeScript module and of the modules it re-exports whole (types left out). */
export function sourceExports(file: string, seen = new Set<string>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(file)) return names;
  seen.add(file);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  const isDeclare = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DeclareKeyword);
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly) continue;
      if (!node.exportClause) {
        const from = (node.moduleSpecifier as ts.StringLiteral).text;
        for (const name of sourceExports(resolveSource(file, from), seen)) if (name !== 'default') names.add(name);
      } else if (ts.isNamespaceExport(node.exportClause)) {
        names.add(node.exportClause.name.text);
      } else {
        for (const element of node.exportClause.elements) if (!element.isTypeOnly) names.add(element.name.text);
      }
    } else if (ts.isExportAssignment(node)) {
      names.add('default');
    } else if (exported(node) && !isDeclare(node)) {
      if (isDefault(node)) names.add('default');
      else if (ts.isVariableStatement(node)) {
        for (const declaration of node.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      } else if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isEnumDeclaration(node)) && node.name) names.add(node.name.text);
    }
  }
  return names;
}

/** The file a relative import in `from` names: itself, or with .ts/.tsx, or its index. */
function resolveSource(from: string, specifier: string): string {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`cannot find ${specifier} from ${from}`);
}

/** The shared imports of an app: each singleton package and the subpaths apps import of them. */
export const SHARED_IMPORTS: Record<string, string> = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  '@adire/router': '@adire/router',
  zustand: 'zustand',
  '@adire/event-bus': '@adire/event-bus',
  '@adire/api-client': '@adire/api-client',
  '@adire/domain': '@adire/domain',
};

/**
 * Build plugin of a remote: emits the container as `entryFile` and routes every import of a shared
 * library (`shared`: id → range and names) through its shared module — from the remote's code and
 * from the libraries it bundles (single-spa-react imports React too), but not from a CommonJS
 * `require` (a fallback copy's own insides) nor from the library's own fallback copy.
 */
export function shareContainer({ name, entryFile, exposes, shared }: { name: string; entryFile: string; exposes: Record<string, string>; shared: SharedImport[] }): Plugin {
  const byId = new Map(shared.map((s) => [s.id, s]));
  let root = process.cwd();
  return {
    name: 'adire:share-container',
    enforce: 'pre',
    config(config) {
      root = path.resolve(config.root ?? process.cwd());
      if (config.build?.ssr) return;
      const entryName = entryFile.replace(/\.js$/, '');
      return {
        build: {
          rolldownOptions: {
            input: {
              index: path.join(root, 'index.html'),
              [entryName]: CONTAINER_ID,
              ...Object.fromEntries(Object.values(exposes).map((file, i) => [`exposed-${i}`, path.resolve(root, file)])),
            },
            preserveEntrySignatures: 'allow-extension' as const,
            output: {
              entryFileNames: (chunk: { name: string }) => (chunk.name === entryName ? entryFile : 'assets/[name]-[hash].js'),
            },
          },
        },
      };
    },
    resolveId(id, importer, options) {
      if (id === CONTAINER_ID) return CONTAINER_ID;
      if (id.startsWith(OWN_PREFIX)) return id;
      const library = byId.get(id);
      if (!library) return null;
      if (importer === OWN_PREFIX + id) return null;
      if ((options as { kind?: string } | undefined)?.kind === 'require-call') return null;
      return SHARED_PREFIX + id;
    },
    load(id) {
      if (id === CONTAINER_ID) return containerCode(name, Object.keys(exposes));
      if (id.startsWith(SHARED_PREFIX)) return sharedModuleCode(name, byId.get(id.slice(SHARED_PREFIX.length))!);
      if (id.startsWith(OWN_PREFIX)) return `import * as ns from ${literal(id.slice(OWN_PREFIX.length))};\nexport { ns };\n`;
      return null;
    },
    // Each exposed module's file and style sheets, relative to the container's, into its code.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const container = bundle[entryFile];
        if (!container || container.type !== 'chunk') return;
        Object.values(exposes).forEach((file, i) => {
          const source = path.resolve(root, file);
          const facade = Object.values(bundle).find((o) => o.type === 'chunk' && o.isEntry && o.facadeModuleId === source);
          if (!facade || facade.type !== 'chunk') return this.error(`no file holds the exposed module ${file}`);
          // The bundler writes a file that only re-exports the module from the file its group put it
          // in (chunks.ts): the container imports that file instead, and the re-export is dropped.
          const proxy = readProxy(facade.code);
          const target = proxy ? bundle[path.posix.join(path.posix.dirname(facade.fileName), proxy.target)] : undefined;
          const chunk = target?.type === 'chunk' ? target : facade;
          if (chunk !== facade) delete bundle[facade.fileName];
          const relative = (target: string) => path.posix.relative(path.posix.dirname(entryFile), target).replace(/^(?!\.)/, './');
          const styles = [...((chunk as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])].map(relative);
          container.code = container.code.replace(exposedPlaceholder(i), JSON.stringify({ script: relative(chunk.fileName), styles, ...(chunk !== facade ? { names: proxy!.exports } : {}) }));
          // What the preload list (preload.ts) follows: the container loads this file.
          container.dynamicImports = [...new Set([...container.dynamicImports, chunk.fileName])];
        });
      },
    },
  };
}

/** Each shared import an app makes, with its range (from `singletons`) and its names, read from `root`. */
export async function sharedImports(root: string, singletons: Record<string, string>): Promise<SharedImport[]> {
  return Promise.all(
    Object.entries(SHARED_IMPORTS)
      .filter(([, pkg]) => pkg in singletons)
      .map(async ([id, pkg]) => ({ id, range: singletons[pkg]!, names: await exportNames(root, id) })),
  );
}

/** The version of an installed package, read from its package.json (found from its entry up). */
export function packageVersion(root: string, pkg: string): string {
  const require = createRequire(path.join(root, 'package.json'));
  let dir = path.dirname(require.resolve(pkg));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const meta = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (meta.name === pkg && meta.version) return meta.version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json of ${pkg} above ${require.resolve(pkg)}`);
    dir = up;
  }
}

const VERSIONS_ID = 'virtual:adire-shared-versions';

/**
 * `virtual:adire-shared-versions`: the version of each shared package (`packages`) as installed for
 * the app — what the shell offers each remote, under the name a remote asks for it by.
 */
export function sharedVersions(packages: readonly string[]): Plugin {
  let root = process.cwd();
  return {
    name: 'adire:shared-versions',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === VERSIONS_ID ? `\0${VERSIONS_ID}` : null;
    },
    load(id) {
      if (id !== `\0${VERSIONS_ID}`) return null;
      return `export default ${JSON.stringify(Object.fromEntries(packages.map((pkg) => [pkg, packageVersion(root, pkg)])))};\n`;
    },
  };
}
