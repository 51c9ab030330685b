import { cleanFloristNote, FLORIST_NOTE, floristNoteProblem, type ApiResult, type OrderActionResult } from '@adire/contracts';
import { useState, type FormEvent } from 'react';
import styles from '../backoffice.module.css';

/** Characters as the note's rule counts them (the kept text: trimmed, line ends made one). */
const counted = (text: string) => [...(cleanFloristNote(text) ?? '')].length;

/**
 * The florist's note on an order (FLORIST_NOTE): written, changed or removed by any member of staff, for
 * the staff only — the board and the day sheet show it, a shopper never sees it. The contracts' rule is
 * checked before sending and again by the server; a refusal shows beside the field, the text kept.
 */
export function FloristNote({ note, save }: { note?: string; save(note: string): Promise<ApiResult<OrderActionResult>> }) {
  const [text, setText] = useState(note ?? '');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const label = FLORIST_NOTE.label;

  const send = async (value: string) => {
    const refused = floristNoteProblem(value);
    if (refused) return setProblem(refused);
    setBusy(true);
    const res = await save(value);
    setBusy(false);
    setProblem(res.error ? (res.fields?.note ?? res.message) : '');
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(text);
  };
  const described = ['florist-note-help', 'florist-note-count', problem ? 'florist-note-error' : ''].filter(Boolean).join(' ');

  return (
    <section aria-labelledby="florist-note-heading" className={`${styles.panel} ${styles.noPrint}`}>
      <h2 id="florist-note-heading">{label}</h2>
      <form aria-label={label} className={styles.form} onSubmit={submit}>
        <label>
          {label}
          <textarea
            name="note"
            value={text}
            rows={3}
            maxLength={FLORIST_NOTE.maxLength}
            onChange={(e) => setText(e.target.value)}
            aria-describedby={described}
            aria-invalid={problem ? true : undefined}
          />
        </label>
        <p id="florist-note-help" className={styles.note}>
          For the staff only: shown on the board and the day sheet, never to the shopper.
        </p>
        <p id="florist-note-count" className={styles.note}>
          {counted(text)} of {FLORIST_NOTE.maxLength} characters
        </p>
        {problem && (
          <p id="florist-note-error" className={styles.error}>
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            Save note
          </button>
          {note && (
            <button type="button" className={styles.secondary} disabled={busy} onClick={() => void send('')}>
              Remove note
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
