import type { PaymentLink } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { formatShopDateTime } from '@adire/domain/formats';
import { useState } from 'react';
import styles from '../backoffice.module.css';

/** A payment link as the staff send it: the link itself, "Send on WhatsApp" (wa.me with the text), a copy button, when it expires, whether it was mailed. */
export function PaymentLinkBox({ link }: { link: PaymentLink }) {
  const [copied, setCopied] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('Link copied.');
    } catch {
      setCopied('Could not copy: select the link and copy it.');
    }
  };
  return (
    <section aria-label="Payment link" className={styles.panel}>
      <h2>Payment link: {formatAmount(link.amount, link.currency)}</h2>
      <p>
        <a href={link.url} className={styles.paymentUrl}>
          {link.url}
        </a>
      </p>
      <p className={styles.note}>
        Works until {formatShopDateTime(new Date(link.expiresAt))}. {link.mailed ? 'Mailed to the sender.' : 'Not mailed: the order has no e-mail address.'}
      </p>
      <div className={styles.actions}>
        <a href={link.whatsappUrl} target="_blank" rel="noopener noreferrer" className={styles.primary}>
          Send on WhatsApp
        </a>
        <button type="button" className={styles.secondary} onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p role="status" className={styles.note}>
        {copied}
      </p>
    </section>
  );
}
