import { expect, it } from 'vitest';
import { startTestShop } from './helpers';

/**
 * The server draws a few pages in the background once it listens (page-drawer.ts's warm-up). A server
 * closed meanwhile — a deploy's restart, a test's end — stops it, and what the warm-up meets then
 * (its database already closed) is no unhandled rejection: Node would end the process on one, and
 * Vitest fails the run (the CI of 2026-11-30 07:28 did, in release-paths.test.ts on PostgreSQL).
 */
it('a server closed while its warm-up draw runs stops it, with no unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const keep = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', keep);
  try {
    for (let round = 0; round < 3; round++) {
      const shop = await startTestShop({ shell: true });
      await shop.app.listen({ port: 0, host: '127.0.0.1' });
      await shop.close();
      // the warm-up's next step, had it gone on, would run in these turns
      for (let turn = 0; turn < 20; turn++) await new Promise((next) => setImmediate(next));
    }
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', keep);
  }
});
