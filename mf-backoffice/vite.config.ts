import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '@adire/federation-config';
import federation from './module-federation.config';

export default defineConfig({
  // Relative base: a release works from whatever folder (or CDN) the manifest points at.
  base: './',
  plugins: [react(), federation, precompress()],
  build: { target: 'es2022', modulePreload: false },
  server: { port: 5105, strictPort: true, origin: 'http://127.0.0.1:5105' },
  preview: { port: 5105, strictPort: true },
});
