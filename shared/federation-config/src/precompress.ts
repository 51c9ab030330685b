import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

/** The best compression of one file, as .br and .gz beside it (skipped when it would not be smaller). */
export function compressFile(file: string): void {
  const source = fs.readFileSync(file);
  if (source.length < MIN_BYTES) return;
  const brotli = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  const gzip = zlib.gzipSync(source, { level: zlib.constants.Z_BEST_COMPRESSION });
  if (brotli.length < source.length) fs.writeFileSync(`${file}.br`, brotli);
  if (gzip.length < source.length) fs.writeFileSync(`${file}.gz`, gzip);
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/**
 * Writes a brotli (maximum quality) and a gzip copy of every script, style sheet and page of the
 * build. The server sends them as they are (@fastify/static preCompressed): about 15% fewer bytes
 * than compressing on the fly at a speed-friendly level, and no CPU spent per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'adire:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // `vite build --watch` (pnpm dev) serves its output uncompressed: spare the rebuilds.
      if (this.meta.watchMode || !fs.existsSync(outDir)) return;
      for (const file of filesUnder(outDir)) compressFile(file);
    },
  };
}
