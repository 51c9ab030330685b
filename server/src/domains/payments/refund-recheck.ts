/**
 * A refund never stays in limbo: when its provider was unreachable or its answer unreadable, the refund
 * stays pending, and no webhook comes if the call never arrived. Every instance asks again about each
 * provider refund pending longer than a few minutes (`recheckPendingRefunds`), on start and every
 * REFUND_RECHECK_MINUTES (default 15) — like the photo retention sweep (orders/photo-retention.ts).
 * Two instances at once end a refund once: the provider dedupes on the refund's idempotency key, and
 * only a row still 'pending' is ended.
 */
import type { FastifyInstance } from 'fastify';
import { recheckPendingRefunds, type RefundContext } from './refunds';

/** Every instance rechecks on start and every `everyMs`; a failed round is logged and the next one tries again. */
export function refundRecheckScheduler(app: FastifyInstance, ctx: RefundContext, everyMs: number): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running = false;
  const run = () => {
    // One round at a time on an instance (a slow provider never piles rounds up).
    if (running) return;
    running = true;
    void recheckPendingRefunds(ctx)
      .then((done) => {
        const ended = done.filter((d) => d.outcome === 'processed' || d.outcome === 'failed');
        if (done.length) app.log.info({ rechecked: done.length, ended: ended.length }, 'pending refunds asked about again');
      })
      .catch((err: unknown) => app.log.error({ err }, 'rechecking pending refunds failed'))
      .finally(() => {
        running = false;
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
