import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The shell's server draw module (dist/server/draw.mjs), built beside the browser bundle into the same
 * release folder. Self-contained: the server runs exactly this release, never the workspace sources.
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
