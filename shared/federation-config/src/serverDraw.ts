import type { PluginOption, UserConfig } from 'vite';
import { sharedVersions } from './container';
import { SHARED_SINGLETONS } from './singletons';

/**
 * The build of an app's server draw module (issue 16): `src/server.tsx` → `dist/server/draw.mjs`, beside
 * the browser bundle, so it goes into the same immutable release folder. Self-contained — React and
 * every package bundled in — so the server runs exactly this release, never the workspace's sources;
 * React's production build (the development one is slower and warns on every draw). `plugins`: the
 * app's own (React).
 */
export function serverDrawBuild(plugins: PluginOption[]): UserConfig {
  return {
    plugins: [...plugins, sharedVersions(Object.keys(SHARED_SINGLETONS))],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      ssr: 'src/server.tsx',
      outDir: 'dist/server',
      emptyOutDir: false,
      target: 'node20',
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'draw.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' } },
    },
    ssr: { noExternal: true, target: 'node' },
  };
}
