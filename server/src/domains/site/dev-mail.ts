import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import { notFound } from '../../http/errors';
import { escapeHtml } from '../../mail/html';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

const mailQuery = {
  type: 'object',
  properties: {
    to: { type: 'string', maxLength: 320 },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
  },
} as const;

/** The newest mails of the outbox, newest first; only those to `to` (any case) when given. */
export async function readOutbox(db: Db, options: { to?: string; limit: number }): Promise<DevMail[]> {
  let query = db.kysely
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(options.limit);
  const to = options.to?.trim().toLowerCase();
  if (to) query = query.where('to_address', '=', to);
  const rows = await query.execute();
  return rows.map((r) => ({ id: r.id, to: r.to_address, subject: r.subject, text: r.text_body, html: r.html_body, createdAt: r.created_at }));
}

function renderPage(mails: DevMail[], to: string | undefined): string {
  const e = escapeHtml;
  const items = mails
    .map(
      (m) => `<article class="mail" data-mail-id="${e(m.id)}">
  <header>
    <h2>${e(m.subject)}</h2>
    <p><strong>To:</strong> <a href="/dev/mail?to=${e(encodeURIComponent(m.to))}">${e(m.to)}</a> · <time datetime="${e(m.createdAt)}">${e(m.createdAt)}</time></p>
  </header>
  <iframe sandbox="" title="${e(`HTML body: ${m.subject}`)}" srcdoc="${e(m.html)}"></iframe>
  <details><summary>Text body</summary><pre>${e(m.text)}</pre></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Adire Blooms</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0 auto;padding:16px;max-width:960px;color:#222}
.mail{border:1px solid #ddd;border-radius:6px;padding:12px 16px;margin:16px 0}
.mail h2{font-size:18px;margin:0 0 4px}
iframe{width:100%;height:360px;border:1px solid #eee}
pre{white-space:pre-wrap;background:#f7f7f7;padding:8px}
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>Mail the shop has sent, newest first${to ? ` — to ${e(to)} · <a href="/dev/mail">all recipients</a>` : ''}. JSON: <a href="/dev/mail.json${to ? `?to=${e(encodeURIComponent(to))}` : ''}">/dev/mail.json</a>. Not served in production.</p>
<form method="get" action="/dev/mail"><label>Recipient <input name="to" type="email" value="${e(to ?? '')}"></label> <button>Filter</button></form>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}

/**
 * The embedded outbox, readable while developing and in tests (the account tests read one-time codes
 * from /dev/mail.json). In production these paths are plain 404s.
 */
export const devMailRoutes: FastifyPluginAsync<{ db: Db; production: boolean }> = async (app, { db, production }) => {
  if (production) {
    // Without these the shell's page fallback would answer GET /dev/mail.
    for (const url of ['/dev/mail', '/dev/mail.json']) {
      app.get(url, async () => {
        throw notFound(`Not found: GET ${url}`);
      });
    }
    return;
  }

  app.get('/dev/mail.json', { schema: { querystring: mailQuery } }, async (request, reply) => {
    const { to, limit } = request.query as { to?: string; limit: number };
    reply.header('cache-control', 'no-store');
    return { data: await readOutbox(db, { to, limit }) };
  });

  app.get('/dev/mail', { schema: { querystring: mailQuery } }, async (request, reply) => {
    const { to, limit } = request.query as { to?: string; limit: number };
    const mails = await readOutbox(db, { to, limit });
    return reply
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      // Mail bodies are shown in sandboxed srcdoc frames; nothing on the page may run script.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data: https:; form-action 'self'")
      .type('text/html; charset=utf-8')
      .send(renderPage(mails, to?.trim() || undefined));
  });
};
