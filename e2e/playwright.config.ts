import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8090);
/** Any deployment can be tested with BASE_URL; by default the suite starts its own store. */
const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${PORT}`;

/** Runs side by side (E2E_STATE_DIR=.state-x) keep their own artifacts too. */
const RUN = (process.env.E2E_STATE_DIR ?? '').replace(/[^A-Za-z0-9_-]/g, '');

export default defineConfig({
  testDir: '.',
  outputDir: RUN ? `test-results-${RUN}` : 'test-results',
  testMatch: '**/*.spec.ts',
  // The shards of scripts/browser-tests.sh leave the speed specs (perf/, and the canary judged by its
  // shoppers' INP) to a run of their own, on a quiet machine.
  testIgnore: process.env.E2E_SKIP_PERF === '1' ? ['perf/**', 'release/canary-vitals.spec.ts'] : [],
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A whole journey takes up to ~18 s on a busy 2-core CI machine; the limit leaves room for a slower one.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: RUN ? `playwright-report-${RUN}` : 'playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: process.env.BASE_URL
    ? undefined
    : {
        command: 'node serve.mjs',
        url: `${baseURL}/healthz`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: { E2E_PORT: String(PORT) },
      },
});
