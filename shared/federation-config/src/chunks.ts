import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fewer files on a first visit (issue 42). Left to itself the bundler splits an app into one file per
 * set of importers: the federation runtime's four pieces, and in a remote the mounted code, each of
 * the contracts' modules and the domain's phone rules, each under a kilobyte — 15 files for the
 * catalog's home, each with its own request, ~500 bytes of response headers and a brotli window
 * started afresh. These groups put together what always loads together:
 *
 * - `federation-runtime`: the federation runtime's modules and the bundler's runtime helpers, which
 *   the entry loads at once;
 * - `mount` (`entries`): what mounting (a remote's exposed lifecycles) or starting (the shell's
 *   main.tsx) imports statically, with everything it imports statically — the bundler follows the
 *   static imports (`includeDependenciesRecursively`), never a dynamic one, so a page module, a
 *   drawer or a date picker loaded by `import()` stays a file of its own.
 *
 * Lazily loaded pages keep the bundler's own split (a page module, and what several pages share in
 * files by who shares them): a group per page put what the category and the product page share into
 * the category's file, which the product page then loaded too (one file and 3.7 KB more).
 *
 * `together` (the shell's on-demand shares: react-dom and react-dom/client) puts those libraries' share
 * wrappers and fallbacks into one file (`shared-on-demand`): they are always asked for at the same time.
 *
 * The federation plugin's own groups (each shared library's loadShare wrapper and fallback, the
 * preload helper) keep their higher priority, so a shared library's init wrapper is still isolated
 * and its fallback still loads only when no app provides it. A module both the mounted code and a
 * fallback import (a contracts module) goes with the mounted code: the fallback, loaded only when no
 * provider exists, then imports that file, already there.
 */
export function fewerFiles({ entries, together = [] }: { entries: string[]; together?: readonly string[] }): Plugin {
  let root = process.cwd();
  const resolved = (file: string) => path.resolve(root, file);
  const isOne = (files: string[]) => {
    const set = new Set(files.map(resolved));
    return (id: string) => set.has(id.split('?')[0]!);
  };
  return {
    name: 'adire:fewer-files',
    apply: 'build',
    config(config) {
      root = path.resolve(config.root ?? process.cwd());
      // ADIRE_FEWER_FILES=0 builds as the bundler splits by itself (to compare).
      if (config.build?.ssr || process.env.ADIRE_FEWER_FILES === '0') return;
      return {
        build: {
          rolldownOptions: {
            // The exposed module may share its chunk with what it imports (no facade file re-exporting it).
            ...(entries.length ? { preserveEntrySignatures: 'allow-extension' as const } : {}),
            output: {
              codeSplitting: {
                groups: [
                  { name: 'federation-runtime', priority: 30, test: /@module-federation[\\/](runtime|runtime-core|sdk|error-codes)[\\/]|virtual:mf-external-runtime-core|^\0rolldown[\\/]runtime/ },
                  { name: 'mount', priority: 20, test: isOne(entries) },
                ],
              },
            },
          },
        },
      };
    },
    // The federation plugin keeps Vite's preload helper (under 1 KB) in a file of its own, at a
    // priority no user group can pass. Its own group is emptied here and the helper named in the
    // federation-runtime group; in the builds the plugin's share wrappers, which import it, take it
    // along first (groups take their modules' dependencies), so it lands in a file every first visit
    // loads anyway (the shell's eager shared libraries, a remote's share wrappers): one file less an app.
    outputOptions(options) {
      if (process.env.ADIRE_FEWER_FILES === '0') return;
      const groups = (options as { codeSplitting?: { groups?: Array<{ name?: unknown; test?: unknown }> } }).codeSplitting?.groups ?? [];
      const preload = groups.find((group) => group.name === PRELOAD_HELPER_CHUNK);
      const runtime = groups.find((group) => group.name === 'federation-runtime');
      if (!preload || !runtime || !(preload.test instanceof RegExp) || !(runtime.test instanceof RegExp)) return;
      runtime.test = new RegExp(`${runtime.test.source}|${preload.test.source}`);
      preload.test = /$^/; // matches no module id
      const named = groups.find((group) => typeof group.name === 'function') as { name: (id: string, ...rest: unknown[]) => unknown } | undefined;
      if (named && together.length) {
        const byPlugin = named.name;
        const isTogether = sharesTogether(together);
        named.name = (id: string, ...rest: unknown[]) => (isTogether(id) ? TOGETHER_CHUNK : byPlugin(id, ...rest));
      }
      return options;
    },
  };
}

/** The file of the shared libraries loaded together on demand (`together`). */
const TOGETHER_CHUNK = 'shared-on-demand';

/**
 * Whether a module id is the federation plugin's share wrapper (`__loadShare__`) or fallback
 * (`__prebuild__`) of one of `packages` or of a subpath of one (react-dom and react-dom/client): the
 * plugin names them with '-' as `_mf_2_` and '/' as `_mf_1_`.
 */
export function sharesTogether(packages: readonly string[]): (id: string) => boolean {
  if (!packages.length) return () => false;
  const encoded = packages.map((name) => name.replace(/-/g, '_mf_2_').replace(/\//g, '_mf_1_').replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const test = new RegExp(`__(loadShare|prebuild)__(${encoded.join('|')})(_mf_1_[\\w]+)?__`);
  return (id) => test.test(id);
}

/** The federation plugin's name for the preload helper's file (`@module-federation/vite`). */
const PRELOAD_HELPER_CHUNK = 'vite-preload-helper';
