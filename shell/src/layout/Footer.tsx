import { telLink } from '@adire/domain';
import { go } from './navigation';
import { Newsletter } from './Newsletter';
import { PaymentIcons } from './PaymentIcons';
import styles from './shell.module.css';
import { useShopContact } from './useShopContact';

const QUICK_LINKS = [
  { label: 'Occasions', href: '/product-category/flowers-for-love-birthday-anniversary-etc' },
  { label: 'VIP', href: '/vip' },
  { label: 'Contact Us', href: '/#contact' },
  { label: 'Our Blog', href: '/blog' },
  { label: 'FAQ', href: '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja' },
  { label: 'Track', href: '/order-tracker' },
];

/**
 * Footer (hidden on checkout and unsubscribe) with the shop's contact data from the server. All of it
 * but the newsletter's band waits to be drawn until it comes near (see `.farBelow`); the band holds
 * the footer's one form field, which the browser lays out at DOMContentLoaded wherever it is.
 */
export function Footer() {
  const contact = useShopContact();
  const lagos = contact?.branches.filter((b) => !b.name.startsWith('Abuja')) ?? [];
  const social = contact?.socialLinks ?? [];
  const abuja = contact?.branches.filter((b) => b.name.startsWith('Abuja')) ?? [];
  return (
    <footer className={styles.footer}>
      <div className={styles.footerNewsletter}>
        <Newsletter />
      </div>
      <div className={styles.farBelow}>
        <div className={styles.footerGrid}>
          <section aria-labelledby="footer-about">
            <h2 id="footer-about">Adire Blooms</h2>
            <p>{contact?.about ?? 'Fresh flowers and thoughtful gifts, delivered the same day in Lagos and Abuja.'}</p>
            {social.length > 0 && (
              <ul className={styles.social} aria-label="Social links">
                {social.map((s) => (
                  <li key={s.name}>
                    <a href={s.url} rel="noopener noreferrer" target="_blank">
                      {s.name}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <nav aria-labelledby="footer-links">
            <h2 id="footer-links">Quick links</h2>
            <ul>
              {QUICK_LINKS.map((l) => (
                <li key={l.label}>
                  <a href={l.href} onClick={l.href.includes('#') ? undefined : go}>
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {contact && (
            <section aria-labelledby="footer-contact">
              <h2 id="footer-contact">Contact</h2>
              <ul>
                {contact.phones.map((p) => (
                  <li key={p}>
                    <a href={telLink(p)}>{p}</a>
                  </li>
                ))}
                <li>
                  <a href={contact.whatsapp}>Chat on WhatsApp</a>
                </li>
                <li>
                  <a href={`mailto:${contact.supportEmail}`}>{contact.supportEmail}</a>
                </li>
              </ul>
              <h3>Payment details</h3>
              <dl className={styles.paymentDetails}>
                <dt>Bank</dt>
                <dd>{contact.bank.bankName}</dd>
                <dt>Account number</dt>
                <dd>{contact.bank.accountNumber}</dd>
                <dt>Account name</dt>
                <dd>{contact.bank.accountName}</dd>
                <dt>PayPal</dt>
                <dd>{contact.paypalEmail}</dd>
                <dt>Bitcoin</dt>
                <dd className={styles.breakAll}>{contact.bitcoinAddress}</dd>
              </dl>
            </section>
          )}
          {contact && (
            <section aria-labelledby="footer-branches">
              <h2 id="footer-branches">Our branches</h2>
              <h3>Lagos</h3>
              <ul>
                {lagos.map((b) => (
                  <li key={b.name}>
                    <a href={b.url} rel="noopener noreferrer" target="_blank">
                      {b.name}
                    </a>{' '}
                    — {b.workingTimes}
                    <br />
                    <small>{b.location}</small>
                  </li>
                ))}
              </ul>
              <h3>Abuja</h3>
              <ul>
                {abuja.map((b) => (
                  <li key={b.name}>
                    <a href={b.url} rel="noopener noreferrer" target="_blank">
                      {b.name}
                    </a>{' '}
                    — {b.workingTimes}
                    <br />
                    <small>{b.location}</small>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className={styles.footerBottom}>
          <PaymentIcons />
          <p className={styles.copyright}>© 2023 Adire Blooms. All rights reserved.</p>
          <a href="#top" className={styles.toTop} onClick={(e) => { e.preventDefault(); window.scrollTo({ top: 0, behavior: 'smooth' }); }}>
            Back to top ↑
          </a>
        </div>
      </div>
    </footer>
  );
}
