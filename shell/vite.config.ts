import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '@adire/federation-config';
import federation from './module-federation.config';

const API = process.env.ADIRE_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react(), federation, precompress()],
  build: {
    target: 'es2022',
    // main.ts's two imports are announced in the page (preloadEntryImports), and every style sheet of
    // the shell is one file in the page's head (the first paint needs it): no preload helper.
    modulePreload: false,
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, react-dom and the file that evaluates them first (src/boot/react.ts) in one file, with
          // the bundler's preload helper main.ts imports (so it adds no file of its own).
          groups: [{ name: 'react', priority: 20, test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(react|react-dom|scheduler)[\\/]|[\\/]src[\\/]boot[\\/]react\.ts$|^\0vite[\\/]preload-helper/ }],
        },
      },
    },
  },
  // In `pnpm dev` the shell runs on 5100 and the one server on 8080 answers the API and the releases.
  server: {
    port: 5100,
    strictPort: true,
    proxy: Object.fromEntries(['/v1', '/remotes.json', '/releases', '/media', '/dev'].map((p) => [p, API])),
  },
});
