import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The run's id, and its end dropping the PostgreSQL templates of test/helpers.ts.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // One worker process keeps the modules it imported for the next file (vitest's default starts a
    // fresh process per file): every file imports the whole app, about 4 s of each file's time on a
    // 2-core machine (import 355 s of a 1233 s run on SQLite; 25 s of 572 s with this). Test files
    // leave nothing behind: each starts its own shop (startTestShop), puts back the environment
    // variables it set (MEDIA_DIR, …) and the real timers, and counts module-wide tallies as
    // differences — a file that cannot must say so here (a project of its own with isolate: true).
    isolate: false,
  },
});
