import { api } from '@adire/api-client';
import { API_PATHS, type TransferNoticeRequest } from '@adire/contracts';
import { useId, useState, type FormEvent } from 'react';
import styles from '../form.module.css';
import { toast } from '../session';

/** After a manual transfer: the shopper tells the shop the amount, the account name and the reference. */
export function TransferNotice({ orderId, amount, reference }: { orderId: string; amount: number; reference: string }) {
  const [form, setForm] = useState({ amount: String(amount), accountName: '', reference });
  const [problem, setProblem] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const ids = { amount: useId(), accountName: useId(), reference: useId() };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = Number(form.amount);
    if (!form.accountName.trim() || !form.reference.trim() || !(value > 0)) {
      setProblem('Amount, account name and reference are required');
      return;
    }
    setBusy(true);
    const body: Omit<TransferNoticeRequest, 'business'> = { amount: value, accountName: form.accountName.trim(), reference: form.reference.trim() };
    const res = await api.put(API_PATHS.transferNotice(orderId), body);
    setBusy(false);
    if (res.error) {
      setProblem(res.message);
      toast('error', `Unable to send transfer details: ${res.message}`);
      return;
    }
    setProblem('');
    setSent(true);
  }

  if (sent) {
    return (
      <p role="status" className={styles.section}>
        Thank you: we will check the transfer and confirm your order by e-mail.
      </p>
    );
  }
  const field = (key: keyof typeof form, label: string, type = 'text') => (
    <div className={styles.field}>
      <label htmlFor={ids[key]}>{label}</label>
      <input id={ids[key]} type={type} inputMode={type === 'number' ? 'decimal' : undefined} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
    </div>
  );
  return (
    <form className={styles.section} aria-label="Transfer details" onSubmit={submit} noValidate>
      {field('amount', 'Amount sent', 'number')}
      {field('accountName', 'Name on the sending account')}
      {field('reference', 'Transfer reference')}
      <p className={styles.formError} role="alert">
        {problem}
      </p>
      <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
        I have made the transfer
      </button>
    </form>
  );
}
