import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The checkout's server draw module, built beside the browser bundle into the same release folder
 * (dist/server/draw.mjs). Self-contained: React and every package are bundled in, so the server runs
 * exactly this release and never the workspace's sources.
 */
export default defineConfig({
  plugins: [react()],
  // React's production build (the development one is slower and warns on every draw).
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
});
