import { useEffect, useRef } from 'react';
import { useLocation } from '@adire/router';
import { catalogApi } from '../api';
import { useApi } from '../useApi';
import { TextSkeleton } from '../ui/Skeleton';
import styles from './home.module.css';
import { telLink } from '@adire/domain/contact';

/** The header's Contact link lands here (/#contact): phones, WhatsApp, e-mail and branches from the server. */
export function ContactSection() {
  const result = useApi('shop-contact', catalogApi.shopContact());
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const ready = result.status === 'ready';
  // The page arrives after the browser looked for #contact: scroll once the section has its content.
  useEffect(() => {
    if (hash === '#contact' && ready) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, ready]);

  return (
    <section id="contact" ref={section} className={`${styles.section} ${styles.contact}`} aria-labelledby="contact-heading">
      <h2 id="contact-heading">Contact us</h2>
      <p>Our florists answer day and night. Call, chat or write — or visit a branch.</p>
      {result.status === 'loading' && <TextSkeleton lines={5} />}
      {result.status === 'error' && <p>{result.message}</p>}
      {ready && (
        <div className={styles.contactGrid}>
          <div>
            <h3>Call us</h3>
            <ul className={styles.plainList}>
              {result.data.phones.map((phone) => (
                <li key={phone}>
                  <a href={telLink(phone)}>{phone}</a>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3>Chat or write</h3>
            <ul className={styles.plainList}>
              <li>
                <a href={result.data.whatsapp} rel="noopener noreferrer" target="_blank">
                  WhatsApp us
                </a>
              </li>
              <li>
                <a href={`mailto:${result.data.supportEmail}`}>{result.data.supportEmail}</a>
              </li>
            </ul>
          </div>
          <div>
            <h3>Visit a branch</h3>
            <ul className={styles.plainList}>
              {result.data.branches.map((b) => (
                <li key={b.name}>
                  <strong>{b.name}</strong> — {b.workingTimes}
                  <br />
                  <span className={styles.muted}>{b.location}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
