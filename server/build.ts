// The server as it runs in production: src/main.ts and the workspace packages it uses, compiled by
// esbuild into one ES module (dist/main.mjs); the npm packages stay external. Running it needs no
// TypeScript loader: ~50 MB less resident memory than `node --import tsx` (BENCHMARKS.md), and a
// faster start. Takes well under a second; `pnpm start` builds first, so it is never stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@adire/'));

/**
 * Bundle one entry (relative to the server folder) into `outfile`. Each file is written beside its
 * place and renamed over it, so a server starting from it never reads half a file: the browser tests'
 * two shards each build at their start, and one's server once died of the other's write in a CI run.
 */
export async function bundleServer(entry: string, outfile: string): Promise<void> {
  const result = await build({
    entryPoints: [path.resolve(here, entry)],
    outfile: path.resolve(here, outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // Stack traces name the functions; the bundle stays readable (not minified).
    sourcemap: 'linked',
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}

/**
 * The commands the browser tests run many times (staff, operator, release, settings, catalog), bundled
 * beside the server as dist/cli-<name>.mjs (the same folder depth, so `paths.ts` finds the root): each
 * starts in a fraction of `node --import tsx`'s 2–3 s of compiling. `pnpm staff …` and the others
 * still run the source through tsx.
 */
export const BUNDLED_COMMANDS = ['staff', 'orders', 'release', 'settings', 'catalog'] as const;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await Promise.all([
    bundleServer('src/main.ts', 'dist/main.mjs'),
    ...BUNDLED_COMMANDS.map((name) => bundleServer(`src/cli/${name}.ts`, `dist/cli-${name}.mjs`)),
  ]);
}
