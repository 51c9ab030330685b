import { readStored, type User } from '@adire/contracts';
import { ACCOUNT_PAGES } from '@adire/contracts/account';
import { useBusValue } from '@adire/ui';
import { useState } from 'react';
import { LoginView } from '../AccountDropdown';
import { DataPage } from './DataPage';
import { go, usePath } from './nav';
import { OrdersPage } from './OrdersPage';
import styles from './pages.module.css';
import { PasswordPage } from './PasswordPage';
import { RecipientsPage } from './RecipientsPage';
import { RemindersPage } from './RemindersPage';
import { toast } from './say';
import { SessionsPage } from './SessionsPage';
import { REMINDER_STOP_PATH, StopReminderPage } from './StopReminderPage';
import { CONFIRM_EMAIL_PATH, ConfirmEmailPage } from './ConfirmEmailPage';

const TABS: { path: string; label: string }[] = [
  { path: ACCOUNT_PAGES.orders, label: 'Orders' },
  { path: ACCOUNT_PAGES.recipients, label: 'Recipients' },
  { path: ACCOUNT_PAGES.reminders, label: 'Reminders' },
  { path: ACCOUNT_PAGES.sessions, label: 'Sessions' },
  { path: ACCOUNT_PAGES.password, label: 'Password' },
  { path: ACCOUNT_PAGES.data, label: 'My data' },
];

/** /account and its pages: the shopper's orders, recipients, sessions, password and data (issue 33). */
export function AccountPages() {
  const user = useBusValue('user:changed', readStored<User>('user'));
  const path = usePath();
  const [email, setEmail] = useState('');
  // A reminder mail's stop link works without a login.
  if (path === REMINDER_STOP_PATH) return <StopReminderPage />;
  // So does the sign-up mail's confirmation link (issue 38, item 5).
  if (path === CONFIRM_EMAIL_PATH) return <ConfirmEmailPage />;
  if (!user) {
    return (
      <section className={styles.page} aria-labelledby="account-heading" data-boundary="account">
        <h1 id="account-heading">Your account</h1>
        <p>Log in to see your orders, the recipients you saved and your sessions.</p>
        <div className={styles.form}>
          <LoginView email={email} setEmail={setEmail} move={() => toast('info', 'Use the Account button at the top of the page to sign up or reset your password.')} />
        </div>
      </section>
    );
  }
  const page = TABS.find((t) => t.path === path) ?? TABS[0]!;
  return (
    <section className={styles.page} aria-labelledby="account-heading" data-boundary="account">
      <h1 id="account-heading">Your account</h1>
      <nav aria-label="Your account">
        <ul className={styles.tabs}>
          {TABS.map((t) => (
            <li key={t.path}>
              <a
                href={t.path}
                aria-current={t === page ? 'page' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  go(t.path);
                }}
              >
                {t.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {page.path === ACCOUNT_PAGES.orders && <OrdersPage />}
      {page.path === ACCOUNT_PAGES.recipients && <RecipientsPage />}
      {page.path === ACCOUNT_PAGES.reminders && <RemindersPage />}
      {page.path === ACCOUNT_PAGES.sessions && <SessionsPage />}
      {page.path === ACCOUNT_PAGES.password && <PasswordPage />}
      {page.path === ACCOUNT_PAGES.data && <DataPage user={user} />}
    </section>
  );
}
