import { SUBSTITUTION_LABELS, type OrderProduct, type Substitution, type SubstitutionAnswer, type SubstitutionRequest, type SubstitutionsAnswer } from '@adire/contracts';
import { formatAmount } from '@adire/domain';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

type Money = Parameters<typeof formatAmount>[1];

/** One proposal, in a sentence: what for what, and where it is. */
export const substitutionLine = (s: Substitution) =>
  `${s.item.name} → ${s.substitute ? `${s.substitute.name} (${formatAmount(s.substitute.amount, s.currency as Money)})` : 'the substitute in the photo'}: ${SUBSTITUTION_LABELS[s.status]}.`;

/**
 * Substitutions the sender approves (issue 40, item 4) on the order's page: every proposal and where it
 * is (proposed, accepted, refunded, lapsed), and "Propose a substitute" — the short item, a catalogue SKU
 * of equal or greater value, a note; the server mails the sender a one-time link and refuses a cheaper one.
 */
export function Substitutions({ orderNumber, items }: { orderNumber: string; items: readonly Pick<OrderProduct, 'SKU' | 'name'>[] }) {
  const [list, setList] = useState<Substitution[]>([]);
  const [item, setItem] = useState(items[0]?.SKU ?? '');
  const [substitute, setSubstitute] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const res = await staffApi.get<SubstitutionsAnswer>(paths.orderSubstitutions(orderNumber));
    if (res.data) setList(res.data.substitutions);
  }, [orderNumber]);
  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!substitute.trim()) return setProblem('Give the substitute’s SKU from the catalogue.');
    setBusy(true);
    const res = await staffApi.post<SubstitutionAnswer, SubstitutionRequest>(paths.orderSubstitutions(orderNumber), { item, substitute: substitute.trim(), ...(note.trim() ? { note: note.trim() } : {}) });
    setBusy(false);
    if (res.error || !res.data) {
      setSaid('');
      return setProblem(res.fields?.substitute ?? res.fields?.item ?? res.message);
    }
    setProblem('');
    setSubstitute('');
    setNote('');
    setSaid('Proposed: the sender has been mailed a link to accept it or have the item refunded.');
    void load();
  };

  return (
    <section aria-labelledby="substitutions-heading" className={`${styles.panel} ${styles.noPrint}`}>
      <h2 id="substitutions-heading">Substitutions</h2>
      {list.length > 0 ? (
        <ul aria-label="Substitutions of this order">
          {list.map((s) => (
            <li key={s.id}>
              {substitutionLine(s)}
              {s.refundProblem ? <strong className={styles.error}> {s.refundProblem}</strong> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.note}>No substitution proposed.</p>
      )}
      <form aria-label="Propose a substitute" className={styles.form} onSubmit={(e) => void submit(e)}>
        <label>
          Item that is short
          <select value={item} onChange={(e) => setItem(e.target.value)}>
            {items.map((i) => (
              <option key={i.SKU} value={i.SKU}>
                {i.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Substitute SKU
          <input value={substitute} onChange={(e) => setSubstitute(e.target.value)} maxLength={64} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'substitution-error' : 'substitution-help'} />
        </label>
        <p id="substitution-help" className={styles.note}>
          Of equal or greater value (the shop’s rule); for a cheaper one, refund the difference instead.
        </p>
        <label>
          Note to the sender
          <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={500} />
        </label>
        {problem && (
          <p id="substitution-error" className={styles.error} role="alert">
            {problem}
          </p>
        )}
        {said && <p role="status">{said}</p>}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy || items.length === 0}>
            Propose a substitute
          </button>
        </div>
      </form>
    </section>
  );
}
