import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A file that only re-exports another (`export{a as b,c as default}from"./target.js";`): Rolldown
 * writes one for each module loaded by `import()` that a code-splitting group moved into a bigger file
 * (rolldown/rolldown#9729, open; Rollup makes none since 2.8): a file of 0.1–0.4 KB that costs a
 * round trip before the file it names. The federation plugin's share wrappers and fallbacks are such
 * modules. `exports` maps each name the file exports to the target's name for it.
 */
export interface ProxyFile {
  target: string;
  exports: Record<string, string>;
}

const PROXY = /^\s*export\s*\{([^}]*)\}\s*from\s*(["'])\.\/([^"']+)\2;?\s*$/;
const NAME = /^[A-Za-z_$][\w$]*$/;

/** The proxy a file's code is, or null when it is anything more than one re-export from a file beside it. */
export function readProxy(code: string): ProxyFile | null {
  const match = PROXY.exec(code);
  if (!match) return null;
  const exports: Record<string, string> = {};
  for (const part of match[1]!.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [local, exported = local] = part.split(/\s+as\s+/).map((p) => p.trim());
    if (!local || !NAME.test(local) || !NAME.test(exported!)) return null;
    exports[exported!] = local;
  }
  return { target: match[3]!, exports };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `code` with each `import("<dir>/<proxy>")` loading the proxy's target instead and making the
 * proxy's namespace from it, and any other mention of the proxy's file (a preload list) naming the
 * target. `dir` is whatever path the code used before the file's name (`.`, `./assets`).
 */
export function withoutProxy(code: string, proxyFile: string, proxy: ProxyFile): string {
  const targetFile = path.posix.join(path.posix.dirname(proxyFile), proxy.target);
  const proxyName = path.posix.basename(proxyFile);
  const targetName = path.posix.basename(targetFile);
  const fields = Object.entries(proxy.exports)
    .map(([exported, local]) => `${JSON.stringify(exported)}:m.${local}`)
    .join(',');
  const dynamicImport = new RegExp(`import\\(\\s*(["'\`])((?:[^"'\`]*/)?)${escape(proxyName)}\\1\\s*\\)`, 'g');
  return code
    .replace(dynamicImport, (_all, quote: string, dir: string) => `import(${quote}${dir}${targetName}${quote}).then(function(m){return{__proto__:null,[Symbol.toStringTag]:"Module",${fields}}})`)
    .replace(new RegExp(`(["'\`/])${escape(proxyName)}(["'\`])`, 'g'), `$1${targetName}$2`);
}

/** An HTML page with each `<link rel="modulepreload">` of the same address once (the first). */
export function onceEach(html: string): string {
  const seen = new Set<string>();
  return html.replace(/<link rel="modulepreload"[^>]*>/g, (tag) => {
    const href = /href="([^"]+)"/.exec(tag)?.[1] ?? tag;
    if (seen.has(href)) return '';
    seen.add(href);
    return tag;
  });
}

/**
 * Build plugin: drops Rolldown's proxy files (see ProxyFile) — each `import()` of one loads its target
 * and builds the namespace there — and rewrites every chunk and HTML file that named it. Only proxies
 * of dynamic imports: a static import or an entry keeps its file (its address is its contract).
 * Runs after the HTML is written, before the preload list is made (both 'post', in plugin order).
 */
export function collapseProxies(): Plugin {
  return {
    name: 'adire:collapse-proxies',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (process.env.ADIRE_FEWER_FILES === '0') return;
        const outputs = Object.values(bundle);
        const proxies = new Map<string, ProxyFile>();
        for (const output of outputs) {
          if (output.type !== 'chunk' || output.isEntry || !output.isDynamicEntry) continue;
          const proxy = readProxy(output.code);
          const importedStatically = outputs.some((o) => o.type === 'chunk' && o.imports.includes(output.fileName));
          if (proxy && !importedStatically && bundle[path.posix.join(path.posix.dirname(output.fileName), proxy.target)]) proxies.set(output.fileName, proxy);
        }
        for (const [file, proxy] of proxies) {
          const target = path.posix.join(path.posix.dirname(file), proxy.target);
          for (const output of Object.values(bundle)) {
            if (output.fileName === file) continue;
            if (output.type === 'chunk') {
              output.code = withoutProxy(output.code, file, proxy);
              output.dynamicImports = [...new Set(output.dynamicImports.map((f) => (f === file ? target : f)))];
            } else if (output.fileName.endsWith('.html') && typeof output.source === 'string') {
              output.source = onceEach(withoutProxy(output.source, file, proxy));
            }
          }
          delete bundle[file];
        }
      },
    },
  };
}
