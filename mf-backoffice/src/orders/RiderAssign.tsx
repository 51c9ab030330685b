import { type RiderAssignAnswer, type RiderAssignRequest } from '@adire/contracts';
import { useState, type FormEvent } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

/** Give the order to a rider by their e-mail, or take it back (issue 40): florists and managers. */
export function RiderAssign({ orderNumber }: { orderNumber: string }) {
  const [rider, setRider] = useState('');
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const send = async (value: string | null) => {
    const res = await staffApi.post<RiderAssignAnswer, RiderAssignRequest>(paths.orderRider(orderNumber), { rider: value });
    if (res.error || !res.data) return (setSaid(''), setProblem(res.fields?.rider ? `${res.message}` : res.message));
    setProblem('');
    setSaid(res.data.message);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(rider.trim());
  };
  return (
    <section aria-labelledby="rider-assign-heading" className={`${styles.panel} ${styles.noPrint}`}>
      <h2 id="rider-assign-heading">Rider</h2>
      <form aria-label="Give to a rider" className={styles.form} onSubmit={submit}>
        <label>
          Rider’s e-mail
          <input type="email" name="rider" value={rider} onChange={(e) => setRider(e.target.value)} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'rider-assign-error' : undefined} />
        </label>
        {problem && (
          <p id="rider-assign-error" className={styles.error}>
            {problem}
          </p>
        )}
        {said && (
          <p role="status" className={styles.success}>
            {said}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary}>
            Give to rider
          </button>
          <button type="button" className={styles.secondary} onClick={() => void send(null)}>
            Take back from rider
          </button>
        </div>
      </form>
    </section>
  );
}
