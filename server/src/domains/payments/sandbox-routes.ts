import type { PaymentProviderId } from '@adire/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PaypalVerifyRequest } from './providers/paypal';
import type { SandboxTx } from './providers/sandbox-wire';
import { sandboxParams } from './route-schemas';
import type { Sandbox } from './sandbox';
import { sandboxNotFoundPage, sandboxPage } from './sandbox-page';

/** The sandbox's own pages: inline styles and a form posting to itself, nothing else (no script at all). */
const SANDBOX_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const htmlPage = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).header('cache-control', 'no-store').header('content-security-policy', SANDBOX_PAGE_CSP).type('text/html; charset=utf-8').send(html);

const rawText = (request: FastifyRequest) => (Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');

/**
 * The built-in sandboxes' hosted pages, inside the raw-body plugin (`raw`); `app` is the payments
 * plugin, through which a sandbox delivers its webhook as its provider would.
 */
export function registerSandboxRoutes(raw: FastifyInstance, app: FastifyInstance, sandbox: Sandbox): void {
  raw.get('/sandbox/:provider/pay/:reference', { schema: { params: sandboxParams } }, (request, reply) => showPayPage(sandbox, request, reply));
  raw.post('/sandbox/:provider/pay/:reference', { schema: { params: sandboxParams } }, (request, reply) => payOrDecline(app, sandbox, request, reply));
  // PayPal's verify-webhook-signature, as the sandbox answers it (the sandbox adapter asks it in-process).
  raw.post('/sandbox/paypal/v1/notifications/verify-webhook-signature', (request, reply) => verifyPaypalSignature(sandbox, request, reply));
}

async function showPayPage(sandbox: Sandbox, request: FastifyRequest, reply: FastifyReply) {
  const { provider, reference } = request.params as { provider: PaymentProviderId; reference: string };
  const tx = await sandbox.find(provider, reference);
  if (!tx) return htmlPage(reply, 404, sandboxNotFoundPage());
  return htmlPage(reply, 200, sandboxPage(provider, tx, `/sandbox/${provider}/pay/${encodeURIComponent(reference)}`));
}

/**
 * Pay or Decline: the sandbox books it, sends this server the webhook its provider would send
 * (signed, with the provider's headers), then returns the shopper as the provider does.
 */
async function payOrDecline(app: FastifyInstance, sandbox: Sandbox, request: FastifyRequest, reply: FastifyReply) {
  const { provider, reference } = request.params as { provider: PaymentProviderId; reference: string };
  const form = new URLSearchParams(rawText(request));
  const outcome = form.get('outcome') === 'pay' ? 'pay' : form.get('outcome') === 'decline' ? 'decline' : null;
  if (!outcome) return htmlPage(reply, 400, sandboxNotFoundPage().replace('Payment not found', 'Choose Pay or Decline'));
  const override = Number(form.get('amount') ?? '');
  const decision = await sandbox.decide(provider, reference, outcome, Number.isFinite(override) && override > 0 ? override : undefined);
  if (!decision) return htmlPage(reply, 404, sandboxNotFoundPage());
  if (decision.webhook) {
    const delivered = await app.inject({ method: 'POST', url: `/webhooks/${provider}`, headers: decision.webhook.headers, payload: decision.webhook.rawBody });
    if (delivered.statusCode !== 200) request.log.warn({ provider, reference, status: delivered.statusCode, body: delivered.body }, 'sandbox webhook was not accepted');
  }
  const back = providerReturn(provider, reference, decision.tx);
  return reply.header('cache-control', 'no-store').redirect(`${back.pathname}${back.search}`, 303);
}

/** The shopper's way back, with the parameters each real provider adds to the return address. */
function providerReturn(provider: PaymentProviderId, reference: string, tx: SandboxTx): URL {
  const back = new URL(tx.return_url);
  if (provider === 'paystack') back.searchParams.set('trxref', reference);
  if (provider === 'flutterwave') {
    back.searchParams.set('status', tx.status === 'success' ? 'successful' : 'cancelled');
    back.searchParams.set('tx_ref', reference);
    back.searchParams.set('transaction_id', tx.provider_reference);
  }
  if (provider === 'paypal') back.searchParams.set('token', tx.provider_reference);
  if (provider === 'monnify') back.searchParams.set('paymentReference', reference);
  return back;
}

async function verifyPaypalSignature(sandbox: Sandbox, request: FastifyRequest, reply: FastifyReply) {
  let body: PaypalVerifyRequest;
  try {
    body = JSON.parse(rawText(request)) as PaypalVerifyRequest;
  } catch {
    return reply.status(400).send({ name: 'INVALID_REQUEST', message: 'Request is not well-formed', code: 'INVALID_REQUEST' });
  }
  return reply.send(await sandbox.verifyPaypal(body));
}
