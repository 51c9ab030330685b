import { defineConfig } from 'vitest/config';

// The scale drill (scale/*.test.ts): instances, nginx and PostgreSQL started by the test itself.
export default defineConfig({
  test: { include: ['scale/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false },
});
