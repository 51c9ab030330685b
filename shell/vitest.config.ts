import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { SHARED_SINGLETONS, sharedVersions } from '@adire/federation-config';

// Unit tests run the app's code with the versions of the libraries it shares (no remotes in jsdom).
export default defineConfig({
  plugins: [react(), sharedVersions(Object.keys(SHARED_SINGLETONS))],
  test: { environment: 'jsdom', globals: true, include: ['test/**/*.test.{ts,tsx}'] },
});
