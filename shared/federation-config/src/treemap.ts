import path from 'node:path';
import type { PluginOption } from 'vite';

/**
 * Where each app's bytes go (issue 42): with `ADIRE_TREEMAP=<folder>` a build also writes
 * `<folder>/<app>.html` (rollup-plugin-visualizer's treemap, brotli sizes) and `<folder>/<app>.json`
 * (its raw data, which `e2e/perf/treemap.ts` sums per page, package and remote). Off by default: it
 * costs a brotli pass over every module (and the plugin is loaded only then).
 */
export function treemap(app: string): PluginOption {
  const folder = process.env.ADIRE_TREEMAP;
  if (!folder) return [];
  return import('rollup-plugin-visualizer').then(({ visualizer }) => treemapPlugins(visualizer, app, folder));
}

function treemapPlugins(visualizer: typeof import('rollup-plugin-visualizer').visualizer, app: string, folder: string): PluginOption {
  const options = { gzipSize: false, brotliSize: true, projectRoot: path.resolve(import.meta.dirname, '../../..') };
  return [
    visualizer({ ...options, filename: path.resolve(folder, `${app}.html`), template: 'treemap', title: `${app}: where the bytes go` }),
    visualizer({ ...options, filename: path.resolve(folder, `${app}.json`), template: 'raw-data' }),
  ];
}
