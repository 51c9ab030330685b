import type { FastifyPluginAsync } from 'fastify';

/**
 * What crawlers may read (issue 16, item 5): the shop yes; the checkout, order tracking, the API,
 * the dev mailbox, the payment sandboxes, provider webhooks and payment returns no. Paths are
 * prefixes (robots.txt rules match the start of the path).
 */
export const ROBOTS_DISALLOW = ['/checkout', '/order-tracker', '/unsubscribe', '/newsletter/', '/v1/', '/dev/', '/sandbox/', '/webhooks/', '/payments/'] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl.replace(/\/+$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

export const robotsRoutes: FastifyPluginAsync<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const body = robotsTxt(publicUrl);
  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').header('content-type', 'text/plain; charset=utf-8').send(body),
  );
};
