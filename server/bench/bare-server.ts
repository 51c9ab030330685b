/**
 * The floor the issue measures the shop against: a bare Fastify app with one JSON route, no plugins,
 * no hooks, no logger. Started by bench/lib.ts in a process of its own; tells its port over IPC.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async (message) => {
  if (message !== 'stop') return;
  await app.close();
  process.exit(0);
});
