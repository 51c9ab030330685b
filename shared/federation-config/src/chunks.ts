import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fewer files on a first visit (issue 42). Left to itself the bundler splits an app into one file per
 * set of importers: in a remote the mounted code, each of the contracts' modules and the domain's
 * phone rules, each under a kilobyte — each with its own request, ~500 bytes of response headers and
 * a brotli window started afresh. This group puts together what always loads together:
 *
 * - `mount` (`entries`): what mounting (a remote's exposed lifecycles) imports statically, with
 *   everything it imports statically — the shared modules standing for the shell's libraries
 *   (container.ts) among them. The bundler follows the static imports
 *   (`includeDependenciesRecursively`), never a dynamic one, so a page module, a drawer or a date
 *   picker loaded by `import()` stays a file of its own, and so does a library's fallback copy.
 *
 * Lazily loaded pages keep the bundler's own split (a page module, and what several pages share in
 * files by who shares them): a group per page put what the category and the product page share into
 * the category's file, which the product page then loaded too (one file and 3.7 KB more).
 */
export function fewerFiles({ entries }: { entries: string[] }): Plugin {
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
      if (config.build?.ssr || process.env.ADIRE_FEWER_FILES === '0' || !entries.length) return;
      return {
        build: {
          rolldownOptions: {
            // The exposed module may share its chunk with what it imports (no facade file re-exporting it).
            preserveEntrySignatures: 'allow-extension' as const,
            output: {
              codeSplitting: {
                groups: [{ name: 'mount', priority: 20, test: isOne(entries) }],
              },
            },
          },
        },
      };
    },
  };
}
