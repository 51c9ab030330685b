import styles from '../form.module.css';
import { SelectField, TextArea, type FormApi } from './fields';
import { PURPOSES } from './form';

/** The card message and the notes that travel with the order. */
export function ExtrasSection({ f }: { f: FormApi }) {
  return (
    <fieldset className={styles.section}>
      <legend>Message and notes</legend>
      <TextArea f={f} name="message" hint="We write it on the card that goes with the flowers." />
      <SelectField f={f} name="purpose" placeholder="Choose the occasion" options={PURPOSES.map((p) => ({ value: p, label: p }))} />
      <TextArea f={f} name="deliveryInstruction" hint="For the rider, e.g. call before arriving." />
      <TextArea f={f} name="additionalInfo" hint="Anything else we should know." />
    </fieldset>
  );
}
