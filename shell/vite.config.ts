import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '@adire/federation-config';
import federation from './module-federation.config';

const API = process.env.ADIRE_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react(), federation, precompress()],
  build: { target: 'es2022' },
  // In `pnpm dev` the shell runs on 5100 and the one server on 8080 answers the API and the releases.
  server: {
    port: 5100,
    strictPort: true,
    proxy: Object.fromEntries(['/v1', '/remotes.json', '/releases', '/media', '/dev'].map((p) => [p, API])),
  },
});
