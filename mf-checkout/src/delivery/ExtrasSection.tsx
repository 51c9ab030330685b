import { CHECKOUT_NOTE_NAMES, CHECKOUT_NOTES, type CheckoutNoteSpec, type DeliveryMethod } from '@adire/contracts';
import styles from '../form.module.css';
import { SelectField, TextArea, type FormApi } from './fields';

/** The card message and the notes that travel with the order: every note of CHECKOUT_NOTES asked for with this method. */
export function ExtrasSection({ f }: { f: FormApi }) {
  const method: DeliveryMethod = f.form.deliveryMethod === 'pick-up' ? 'pickup' : 'delivery';
  return (
    <fieldset className={styles.section}>
      <legend>Message and notes</legend>
      {CHECKOUT_NOTE_NAMES.map((name) => {
        const note: CheckoutNoteSpec = CHECKOUT_NOTES[name];
        if (!note.methods.includes(method)) return null;
        return note.choices ? (
          <SelectField key={name} f={f} name={name} placeholder={note.placeholder ?? 'Choose one'} options={note.choices.map((c) => ({ value: c, label: c }))} />
        ) : (
          <TextArea key={name} f={f} name={name} maxLength={note.maxLength} hint={note.hint} />
        );
      })}
    </fieldset>
  );
}
