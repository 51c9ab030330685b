import type { CurrencyName, ShopContact } from '@adire/contracts';
import type { Db } from '../../db/database';
import { readSetting } from '../../db/settings';
import type { Mailer } from '../../mail/mailer';
import { findOrder, toOrder } from '../orders';
import { findMethod } from './logic';
import { paymentReceiptMail } from './mail';

export interface ReceiptPayment {
  amount: number;
  currency: CurrencyName;
  method: string;
  reference: string;
  at: string;
}

/** The receipt mail, after the payment is committed; a mail failure never undoes a payment. */
export async function sendPaymentReceipt(db: Db, mailer: Mailer, publicUrl: string, orderId: string, payment: ReceiptPayment): Promise<boolean> {
  const row = await findOrder(db, orderId);
  if (!row.client_email) return false;
  const contact = await readSetting<ShopContact>(db.kysely, 'shopContact');
  const title = findMethod(payment.method)?.title ?? payment.method;
  await mailer.send(paymentReceiptMail({ to: row.client_email, order: toOrder(row), payment: { ...payment, method: title }, publicUrl, contact }));
  return true;
}
