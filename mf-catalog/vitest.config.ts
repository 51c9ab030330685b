import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests run the app's code without the federation plugin (no remotes in jsdom).
export default defineConfig({
  plugins: [react()],
  test: { environment: 'jsdom', globals: true, include: ['test/**/*.test.{ts,tsx}'], setupFiles: ['test/setup.ts'] },
});
