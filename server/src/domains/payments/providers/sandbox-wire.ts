import { randomInt } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SandboxTransactionTable } from '../../../db/schema';

export type SandboxTx = Selectable<SandboxTransactionTable>;

/**
 * How one provider speaks, for its sandbox: the webhook the real provider sends when a payment ends,
 * the headers that sign it, and its answer to a verify call. The adapters read these with the same
 * code that reads the real provider, so the sandbox exercises the real parsing.
 */
export interface SandboxWire {
  /** A new provider-side id (PayPal order id, Flutterwave transaction id, …). */
  providerReference(): string;
  /** The webhook body the real provider sends once the shopper paid or declined; null: it sends none. */
  webhook(tx: SandboxTx, now: Date): object | null;
  /** Headers that sign the raw body, as the provider signs it (secret: this provider's sandbox secret). */
  sign(rawBody: string, secret: string, now: Date): Record<string, string>;
  /** The provider's answer when asked about this transaction. */
  verification(tx: SandboxTx): unknown;
}

export const randomDigits = (n: number) => Array.from({ length: n }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');
const ID_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
export const randomId = (n: number) => Array.from({ length: n }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join('');
