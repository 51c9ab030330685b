import { api } from '@adire/api-client';
import { ACCOUNT_API, type AccountOrder, type OccasionReminder } from '@adire/contracts/account';
import { formatDrawerDate } from '@adire/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../Field';
import styles from './pages.module.css';
import { fieldSentences, toast } from './say';

const dayAndMonth = (monthDay: string) => formatDrawerDate(`2000-${monthDay}`).replace(/ 2000$/, '');
const LABELS = { name: 'Name for this date', daysBefore: 'Days before' };

/** 'Remind me next year' on an order: a name for the date and how many days before. */
export function ReminderForm({ order, onDone }: { order: AccountOrder; onDone(): void }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState('7');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [unverified, setUnverified] = useState<string | null>(null);
  // Reminders go only to a confirmed address (issue 38, item 5): the 409 says so, with a way to get a new link.
  const resend = async () => {
    const res = await api.post<{ sent: boolean; verified: boolean }>(ACCOUNT_API.resendConfirmation, {});
    if (res.error || !res.data) return toast('error', res.message);
    toast('success', res.data.verified ? 'Your address is confirmed: save the reminder again.' : 'We have e-mailed you a new confirmation link.');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.post<OccasionReminder[]>(ACCOUNT_API.reminders, { name, date: order.deliveryDate, daysBefore: /^\d+$/.test(days.trim()) ? Number(days) : days, orderId: order.id }); // a number, as the API reads it
    if (res.error || !res.data) {
      if (res.code === 'EMAIL_NOT_VERIFIED') setUnverified(res.message);
      setFields(fieldSentences(res.fields as Record<string, unknown> | undefined, LABELS));
      return toast('error', res.message);
    }
    toast('success', `We will e-mail you ${days} days before ${dayAndMonth(order.deliveryDate.slice(5))} each year: ${name.trim()}`);
    onDone();
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={`Reminder for order ${order.orderNumber}`} noValidate>
      <Field label={LABELS.name} value={name} onChange={setName} error={fields.name} />
      <Field label={LABELS.daysBefore} type="number" value={days} onChange={setDays} error={fields.daysBefore} />
      {unverified && (
        <p>
          {unverified}{' '}
          <button type="button" className={styles.secondary} onClick={() => void resend()}>
            Send me a new confirmation link
          </button>
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Save reminder
        </button>
        <button type="button" className={styles.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** /account/reminders: the dates the shopper is e-mailed before each year. */
export function RemindersPage() {
  const [list, setList] = useState<OccasionReminder[] | null>(null);
  useEffect(() => {
    void api.get<OccasionReminder[]>(ACCOUNT_API.reminders).then((res) => setList(res.data ?? []));
  }, []);
  if (!list) return <p role="status">Loading your reminders…</p>;
  const remove = async (r: OccasionReminder) => {
    const res = await api.delete<OccasionReminder[]>(ACCOUNT_API.reminder(r.id));
    if (res.error || !res.data) return toast('error', res.message);
    setList(res.data);
    toast('success', `${r.name} was deleted`);
  };
  return (
    <div>
      <h2>Your reminders</h2>
      {!list.length && <p>No reminders yet. Choose “Remind me next year” on an order to be e-mailed before its date.</p>}
      <ul className={styles.list}>
        {list.map((r) => (
          <li key={r.id} className={styles.card}>
            <h3>{r.name}</h3>
            <p className={styles.note}>
              {dayAndMonth(r.monthDay)}: an e-mail {r.daysBefore} days before{r.stopped ? ' (stopped from the e-mail)' : ''}
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.secondary} onClick={() => void remove(r)} aria-label={`Delete the reminder ${r.name}`}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
