import { api } from '@adire/api-client';
import { API_PATHS, readStored, writeStored, type ReviewResponse, type User } from '@adire/contracts';
import {
  ACCOUNT_API,
  ACCOUNT_DELETE_WORD,
  ACCOUNT_PAGES,
  type AccountExport,
  type AccountOrder,
  type AccountSession,
  type OccasionReminder,
  type SavedRecipient,
  type SendAgain,
} from '@adire/contracts/account';
import { formatAmount, formatDrawerDate } from '@adire/domain';
import { bus } from '@adire/event-bus';
import { useBusValue } from '@adire/ui';
import { ReviewForm } from '@adire/ui/review-form';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { LoginView } from '../AccountDropdown';
import { saveUser } from '../session';
import { go, usePath } from './nav';
import styles from './pages.module.css';

const toast = (type: 'success' | 'info' | 'error', message: string) => bus.emit('toast:show', { type, message });

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

const PAGE_SIZE = 10;

function OrdersPage() {
  const [orders, setOrders] = useState<AccountOrder[] | null>(null);
  const [more, setMore] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const load = async (page: number) => {
    const res = await api.get<AccountOrder[]>(ACCOUNT_API.orders, { query: { page, pageSize: PAGE_SIZE } });
    if (res.error || !res.data) return setProblem(res.message || 'Your orders could not be loaded.');
    const list = res.data;
    setOrders((o) => [...(page === 1 ? [] : (o ?? [])), ...list]);
    setMore(list.length === PAGE_SIZE);
  };
  useEffect(() => void load(1), []);
  if (problem) return <p role="alert">{problem}</p>;
  if (!orders) return <p role="status">Loading your orders…</p>;
  if (!orders.length) return <p>You have no orders yet.</p>;
  return (
    <div>
      <h2>Your orders</h2>
      <ul className={styles.list}>
        {orders.map((o) => (
          <OrderCard key={o.id} order={o} />
        ))}
      </ul>
      {more && (
        <button type="button" className={styles.secondary} onClick={() => void load(Math.ceil(orders.length / PAGE_SIZE) + 1)}>
          Show more orders
        </button>
      )}
    </div>
  );
}

async function sendAgain(order: AccountOrder): Promise<void> {
  const res = await api.get<SendAgain>(ACCOUNT_API.sendAgain(order.id));
  if (res.error || !res.data) return toast('error', res.message || 'The order could not be sent again.');
  for (const note of res.data.notes) toast(note.change === 'gone' ? 'error' : 'info', note.message);
  if (!res.data.items.length) return;
  for (const item of res.data.items) bus.emit('cart:add', { item });
  bus.emit('cart:open', { from: 'main-header' });
}

function OrderCard({ order }: { order: AccountOrder }) {
  const headingId = useId();
  const [reminding, setReminding] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  // The review form, as the checkout's done stage offers it: for a paid and delivered order with no review yet.
  const reviewable = order.paid && order.stage === 'delivered' && !order.reviewed;
  const tracker = `/order-tracker?orderNumber=${encodeURIComponent(order.orderNumber)}${order.senderEmail ? `&email=${encodeURIComponent(order.senderEmail)}` : ''}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId}>Order {order.orderNumber}</h3>
      <dl className={styles.meta}>
        <dt>Placed</dt>
        <dd>{formatDrawerDate(order.createdAt.slice(0, 10))}</dd>
        <dt>{order.deliveryMethod === 'pickup' ? 'Pick-up date' : 'Delivery date'}</dt>
        <dd>{formatDrawerDate(order.deliveryDate)}</dd>
        <dt>{order.deliveryMethod === 'pickup' ? 'Pick-up at' : 'Recipient'}</dt>
        <dd>{order.deliveryMethod === 'pickup' ? order.pickupLocation : (order.recipientName ?? '—')}</dd>
        <dt>Items</dt>
        <dd>{order.items.map((i) => `${i.quantity} × ${i.name}${i.size ? ` (${i.size})` : ''}`).join(', ')}</dd>
        <dt>Total</dt>
        <dd>{formatAmount(order.total, order.currency)}</dd>
        <dt>Payment</dt>
        <dd>{order.paid ? 'Paid' : order.paymentStatus.charAt(0).toUpperCase() + order.paymentStatus.slice(1)}</dd>
        <dt>Delivery</dt>
        <dd>{order.stageLabel}</dd>
      </dl>
      <div className={styles.actions}>
        <a className={styles.secondary} href={tracker}>
          Track order {order.orderNumber}
        </a>
        <button type="button" className={styles.primary} onClick={() => void sendAgain(order)} aria-label={`Send order ${order.orderNumber} again`}>
          Send again
        </button>
        {!reminding && (
          <button type="button" className={styles.secondary} onClick={() => setReminding(true)} aria-label={`Remind me before ${formatDrawerDate(order.deliveryDate).replace(/ \d{4}$/, '')} next year`}>
            Remind me next year
          </button>
        )}
        {reviewable && !reviewing && (
          <button type="button" className={styles.secondary} onClick={() => setReviewing(true)} aria-label={`Review order ${order.orderNumber}`}>
            Review this order
          </button>
        )}
      </div>
      {reminding && <ReminderForm order={order} onDone={() => setReminding(false)} />}
      {reviewing && (
        <ReviewForm
          label={`Review order ${order.orderNumber}`}
          headingLevel={4}
          send={(review) => api.post<ReviewResponse>(API_PATHS.submitReview(order.id), review)}
        />
      )}
    </li>
  );
}

function Field({ label, value, onChange, error, type = 'text', autoComplete }: { label: string; value: string; onChange(v: string): void; error?: string; type?: string; autoComplete?: string }) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type={type} value={value} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {label} {error}
        </p>
      )}
    </div>
  );
}

function RecipientsPage() {
  const [list, setList] = useState<SavedRecipient[] | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  useEffect(() => {
    void api.get<SavedRecipient[]>(ACCOUNT_API.recipients).then((res) => setList(res.data ?? []));
  }, []);
  if (!list) return <p role="status">Loading your recipients…</p>;
  const remove = async (r: SavedRecipient) => {
    const res = await api.delete<SavedRecipient[]>(ACCOUNT_API.recipient(r.id));
    if (res.error || !res.data) return toast('error', res.message);
    setList(res.data);
    toast('success', `${r.name} was removed from your recipients`);
  };
  return (
    <div>
      <h2>Your recipients</h2>
      {!list.length && <p>No saved recipients yet. Tick “save this recipient” at checkout to keep one here.</p>}
      <ul className={styles.list}>
        {list.map((r) => (
          <li key={r.id} className={styles.card}>
            {editing === r.id ? (
              <RecipientForm
                recipient={r}
                onDone={(next) => {
                  setEditing(null);
                  if (next) setList(next);
                }}
              />
            ) : (
              <>
                <h3>{r.name}</h3>
                <p className={styles.note}>
                  {r.phone}
                  <br />
                  {r.address}
                  {r.state ? `, ${r.state}` : ''}
                </p>
                <div className={styles.actions}>
                  <button type="button" className={styles.secondary} onClick={() => setEditing(r.id)} aria-label={`Edit ${r.name}`}>
                    Edit
                  </button>
                  <button type="button" className={styles.secondary} onClick={() => void remove(r)} aria-label={`Delete ${r.name}`}>
                    Delete
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function RecipientForm({ recipient, onDone }: { recipient: SavedRecipient; onDone(next: SavedRecipient[] | null): void }) {
  const [values, setValues] = useState({ name: recipient.name, phone: recipient.phone, address: recipient.address, state: recipient.state ?? '' });
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (key: keyof typeof values) => (v: string) => setValues((o) => ({ ...o, [key]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.put<SavedRecipient[]>(ACCOUNT_API.recipient(recipient.id), { recipient: { ...values, phoneCountryCode: recipient.phoneCountryCode ?? '+234' } });
    if (res.error || !res.data) {
      setFields(Object.fromEntries(Object.entries(res.fields ?? {}).map(([k, v]) => [k.replace(/^recipient\./, ''), String(v)])));
      return toast('error', res.message);
    }
    toast('success', `${values.name.trim()} was saved`);
    onDone(res.data);
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={`Edit ${recipient.name}`} noValidate>
      <Field label="Recipient name" value={values.name} onChange={set('name')} error={fields.name} />
      <Field label="Recipient phone number" type="tel" value={values.phone} onChange={set('phone')} error={fields.phone} />
      <Field label="Recipient address" value={values.address} onChange={set('address')} error={fields.address} />
      <Field label="State" value={values.state} onChange={set('state')} error={fields.state} />
      <div className={styles.actions}>
        <button type="submit" className={styles.primary}>
          Save recipient
        </button>
        <button type="button" className={styles.secondary} onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

function SessionsPage() {
  const [list, setList] = useState<AccountSession[] | null>(null);
  useEffect(() => {
    void api.get<AccountSession[]>(ACCOUNT_API.sessions).then((res) => setList(res.data ?? []));
  }, []);
  if (!list) return <p role="status">Loading your sessions…</p>;
  const signOut = async (s: AccountSession) => {
    const res = await api.delete<AccountSession[]>(ACCOUNT_API.session(s.id));
    if (res.error || !res.data) return toast('error', res.message);
    setList(res.data);
    toast('success', `${s.device} was signed out`);
  };
  const everywhere = async () => {
    const res = await api.post<{ ended: number; sessions: AccountSession[] }>(ACCOUNT_API.signOutOthers, {});
    if (res.error || !res.data) return toast('error', res.message);
    setList(res.data.sessions);
    toast('success', res.data.ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${res.data.ended} other sessions`);
  };
  return (
    <div>
      <h2>Where you are logged in</h2>
      <ul className={styles.list}>
        {list.map((s) => (
          <li key={s.id} className={styles.card}>
            <h3>
              {s.device}
              {s.current ? ' (this device)' : ''}
            </h3>
            <p className={styles.note}>Last used {when(s.lastUsedAt)}</p>
            {!s.current && (
              <div className={styles.actions}>
                <button type="button" className={styles.secondary} onClick={() => void signOut(s)} aria-label={`Sign out ${s.device}, last used ${when(s.lastUsedAt)}`}>
                  Sign out
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 && (
        <p>
          <button type="button" className={styles.primary} onClick={() => void everywhere()}>
            Sign out everywhere else
          </button>
        </p>
      )}
    </div>
  );
}

function PasswordPage() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.put<User>(API_PATHS.changePassword, { password: next, currentPassword: current });
    if (res.error || !res.data) {
      setFields((res.fields as Record<string, string>) ?? {});
      return toast('error', res.message);
    }
    saveUser(res.data);
    setCurrent('');
    setNext('');
    setFields({});
    toast('success', 'Your password was changed. Your other sessions were signed out.');
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-labelledby="password-heading" noValidate>
      <h2 id="password-heading">Change your password</h2>
      <Field label="Current password" type="password" autoComplete="current-password" value={current} onChange={setCurrent} error={fields.currentPassword} />
      <Field label="New password" type="password" autoComplete="new-password" value={next} onChange={setNext} error={fields.password} />
      <p className={styles.note}>Changing it signs you out everywhere else.</p>
      <button type="submit" className={styles.primary}>
        Change password
      </button>
    </form>
  );
}

function DataPage({ user }: { user: User }) {
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
      setFields((res.fields as Record<string, string>) ?? {});
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
          <Field label="Password" type="password" autoComplete="current-password" value={password} onChange={setPassword} error={fields.password} />
          <Field label={`Type ${ACCOUNT_DELETE_WORD} to confirm`} value={confirmation} onChange={setConfirmation} error={fields.confirmation} />
          <button type="submit" className={styles.danger}>
            Delete my account
          </button>
        </form>,
      )}
    </div>
  );
}

const REMINDER_STOP_PATH = '/account/reminders/stop';
const dayAndMonth = (monthDay: string) => formatDrawerDate(`2000-${monthDay}`).replace(/ 2000$/, '');

function ReminderForm({ order, onDone }: { order: AccountOrder; onDone(): void }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState('7');
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const res = await api.post<OccasionReminder[]>(ACCOUNT_API.reminders, { name, date: order.deliveryDate, daysBefore: days, orderId: order.id });
    if (res.error || !res.data) {
      setFields((res.fields as Record<string, string>) ?? {});
      return toast('error', res.message);
    }
    toast('success', `We will e-mail you ${days} days before ${dayAndMonth(order.deliveryDate.slice(5))} each year: ${name.trim()}`);
    onDone();
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={`Reminder for order ${order.orderNumber}`} noValidate>
      <Field label="Name for this date" value={name} onChange={setName} error={fields.name} />
      <Field label="Days before" type="number" value={days} onChange={setDays} error={fields.daysBefore} />
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

function RemindersPage() {
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

/** The stop link of a reminder mail: one button, no login (opening the link alone changes nothing). */
function StopReminderPage() {
  const [done, setDone] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stop = async () => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    const res = await api.post<{ stopped: boolean; name: string }>(ACCOUNT_API.reminderStop, { token }, { token: null });
    if (res.error || !res.data) return setProblem(res.message);
    setDone(res.data.name);
  };
  return (
    <section className={styles.page} aria-labelledby="stop-heading" data-boundary="account">
      <h1 id="stop-heading">Stop a reminder</h1>
      {done ? (
        <p role="status">You will get no more e-mails for {done}.</p>
      ) : (
        <>
          <p>We will stop e-mailing you before this date each year.</p>
          <p>
            <button type="button" className={styles.primary} onClick={() => void stop()}>
              Stop this reminder
            </button>
          </p>
          {problem && <p role="alert">{problem}</p>}
        </>
      )}
    </section>
  );
}
