import { createHash } from 'node:crypto';
import type { Recipient } from '@adire/contracts';
import type { SavedRecipient } from '@adire/contracts/account';
import { readRecipientFields } from '@adire/domain/recipient';
import type { Db } from '../../../db/database';
import { AppError } from '../../../http/errors';
import { recipientKey } from '../recipients';
import { editRecipients } from '../store';

/** A saved recipient's id: from who, which phone and which address (stable while those stay). */
export const recipientId = (r: Recipient) => createHash('sha256').update(recipientKey(r)).digest('hex').slice(0, 16);

export const withIds = (list: readonly Recipient[]): SavedRecipient[] => list.map((r) => ({ ...r, id: recipientId(r) }));

const notFound = () => new AppError(404, 'NOT_FOUND', 'That recipient is not in your address book.');

/** The address book changed in one transaction (the account store locks and writes the row). */
async function change(db: Db, userId: string, now: Date, edit: (list: Recipient[]) => Recipient[]): Promise<SavedRecipient[]> {
  const next = await db.kysely.transaction().execute((trx) => editRecipients(trx, db.dialect, userId, now, edit));
  if (!next) throw notFound();
  return withIds(next);
}

/** The checkout's rules; every wrong field named (`recipient.<field>`), nothing changed. */
export function readRecipient(body: unknown): Recipient {
  const input = body && typeof body === 'object' ? (body as Record<string, unknown>).recipient : undefined;
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Recipient is required', { recipient: 'is required' });
  }
  const read = readRecipientFields(input);
  if (!read.ok) {
    const fields = Object.fromEntries(Object.entries(read.fields).map(([k, v]) => [`recipient.${k}`, v]));
    const [first] = Object.entries(read.fields);
    const label = { name: 'Recipient name', phone: 'Recipient phone number', phoneAlt: 'Recipient other phone number', address: 'Recipient address', state: 'State', residenceType: 'Residence type' }[first![0]] ?? first![0];
    throw new AppError(400, 'VALIDATION_FAILED', read.message ?? `${label} ${first![1]}`, fields);
  }
  return read.recipient;
}

export async function editRecipient(db: Db, userId: string, id: string, recipient: Recipient, now: Date): Promise<SavedRecipient[]> {
  return change(db, userId, now, (list) => {
    const at = list.findIndex((r) => recipientId(r) === id);
    if (at < 0) throw notFound();
    // The same person at the same address saved twice is one entry: the edited one stays, in its place.
    const key = recipientKey(recipient);
    return list.flatMap((r, i) => (i === at ? [recipient] : recipientKey(r) === key ? [] : [r]));
  });
}

export async function deleteRecipient(db: Db, userId: string, id: string, now: Date): Promise<SavedRecipient[]> {
  return change(db, userId, now, (list) => {
    if (!list.some((r) => recipientId(r) === id)) throw notFound();
    return list.filter((r) => recipientId(r) !== id);
  });
}
