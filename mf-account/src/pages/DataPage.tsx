import { api } from '@adire/api-client';
import { writeStored, type User } from '@adire/contracts';
import { ACCOUNT_API, ACCOUNT_DELETE_WORD, type AccountExport } from '@adire/contracts/account';
import { bus } from '@adire/event-bus';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Field } from '../Field';
import { go } from './nav';
import styles from './pages.module.css';
import { fieldSentences, toast } from './say';

const LABELS = { password: 'Password', confirmation: `Type ${ACCOUNT_DELETE_WORD} to confirm` };
/** A wrong word is not 'Type DELETE to confirm must be DELETE': the label already says what to type. */
const OWN = { confirmation: `Type ${ACCOUNT_DELETE_WORD} to confirm.` };

/** /account/data: the shopper's data as a file, and the account's deletion. */
export function DataPage({ user }: { user: User }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const download = async () => {
    const res = await api.get<AccountExport>(ACCOUNT_API.export);
    if (res.error || !res.data) return toast('error', res.message);
    const url = URL.createObjectURL(new Blob([JSON.stringify(res.data, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `adire-blooms-my-data-${res.data.exportedAt.slice(0, 10)}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const erase = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.delete<{ deleted: true }>(ACCOUNT_API.account, { body: { password, confirmation } });
    if (res.error) {
      setFields(fieldSentences(res.fields as Record<string, unknown> | undefined, LABELS, OWN));
      return toast('error', res.message);
    }
    writeStored('user', null);
    bus.emit('user:changed', null);
    bus.emit('account:logout', {});
    toast('success', `Your account ${user.email} was deleted.`);
    go('/');
  };
  const section = (id: string, title: string, body: ReactNode) => (
    <section aria-labelledby={id} className={styles.card}>
      <h2 id={id}>{title}</h2>
      {body}
    </section>
  );
  return (
    <div className={styles.list}>
      {section(
        'download-heading',
        'Download my data',
        <>
          <p>A file with everything we hold on you: your profile, recipients, orders with their payments, reviews, reminders, newsletter subscription and sessions.</p>
          <p>
            <button type="button" className={styles.primary} onClick={() => void download()}>
              Download my data
            </button>
          </p>
        </>,
      )}
      {section(
        'delete-heading',
        'Delete my account',
        <form className={styles.form} onSubmit={erase} aria-label="Delete my account" noValidate>
          <p>
            This erases your profile, recipients, reminders, sessions and newsletter subscription. Your orders stay in the shop’s accounts with their numbers and amounts, without your name,
            e-mail, phones, addresses or messages.
          </p>
          <p>
            An order you have paid for that is not delivered yet keeps its recipient, address, card message and your e-mail and phone until it is delivered or refunded, so the
            flowers still arrive; then those are erased too.
          </p>
          <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={fields.password} />
          <Field label={LABELS.confirmation} value={confirmation} onChange={setConfirmation} error={fields.confirmation} />
          <button type="submit" className={styles.danger}>
            Delete my account
          </button>
        </form>,
      )}
    </div>
  );
}
