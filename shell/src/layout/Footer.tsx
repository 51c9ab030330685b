import { api } from '@adire/api-client';
import { useEffect, useState } from 'react';
import styles from './shell.module.css';

interface ShopContact {
  phones: string[];
  whatsapp: string;
  supportEmail: string;
  bank: { bankName: string; accountNumber: string; accountName: string };
  paypalEmail: string;
  bitcoinAddress: string;
  branches: { name: string; url: string; workingTimes: string; location: string }[];
}

/** Footer with the shop's contact data, served by the server from one place. */
export function Footer() {
  const [contact, setContact] = useState<ShopContact | null>(null);
  useEffect(() => {
    void api.get<ShopContact>('/v1/storefront/shop').then((res) => setContact(res.data));
  }, []);
  return (
    <footer className={styles.footer}>
      <div className={styles.footerGrid}>
        <section>
          <h2>Adire Blooms</h2>
          <p>Fresh flowers and thoughtful gifts, hand-arranged in Lagos and Abuja and delivered the same day.</p>
        </section>
        {contact && (
          <>
            <section>
              <h2>Contact</h2>
              <ul>
                {contact.phones.map((p) => (
                  <li key={p}><a href={`tel:${p.replace(/\s/g, '')}`}>{p}</a></li>
                ))}
                <li><a href={contact.whatsapp}>WhatsApp</a></li>
                <li><a href={`mailto:${contact.supportEmail}`}>{contact.supportEmail}</a></li>
              </ul>
            </section>
            <section>
              <h2>Branches</h2>
              <ul>
                {contact.branches.map((b) => (
                  <li key={b.name}>
                    <a href={b.url}>{b.name}</a> — {b.workingTimes}
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </div>
      <p className={styles.copyright}>© 2023 Adire Blooms. All rights reserved.</p>
    </footer>
  );
}
