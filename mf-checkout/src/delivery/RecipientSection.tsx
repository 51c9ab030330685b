import type { Recipient } from '@adire/contracts';
import { useId } from 'react';
import styles from '../form.module.css';
import { Checkbox, PhoneField, SelectField, TextArea, TextField, type FormApi } from './fields';
import { COUNTRY_CODES, RESIDENCE_TYPES, recipientLabel } from './form';

/** Who receives the flowers (delivery only): a saved recipient fills the form in one go. */
export function RecipientSection({ f, saved, canSave, onPick }: {
  f: FormApi;
  saved: readonly Recipient[];
  /** Logged in, or creating an account with this checkout. */
  canSave: boolean;
  onPick(recipient: Recipient): void;
}) {
  const pickId = useId();
  return (
    <fieldset className={styles.section}>
      <legend>Recipient</legend>
      {saved.length > 0 && (
        <div className={styles.field}>
          <label htmlFor={pickId}>Saved recipients</label>
          <select
            id={pickId}
            value=""
            onChange={(e) => {
              const r = saved[Number(e.target.value)];
              if (r) onPick(r);
            }}
          >
            <option value="">Choose someone you sent flowers to before</option>
            {saved.map((r, i) => (
              <option key={`${r.name}-${r.phone}-${i}`} value={i}>
                {recipientLabel(r)}
              </option>
            ))}
          </select>
        </div>
      )}
      <TextField f={f} name="recipientName" autoComplete="off" />
      <PhoneField f={f} name="recipientPhoneNumber" codeName="recipientCountryCode" codes={COUNTRY_CODES} autoComplete="off" />
      <PhoneField f={f} name="recipientPhoneNumberAlt" codeName="recipientCountryCodeAlt" codes={COUNTRY_CODES} autoComplete="off" />
      <TextArea f={f} name="recipientHomeAddress" maxLength={500} hint="House number, street, area and a landmark help our riders." />
      <SelectField f={f} name="residenceType" placeholder="Choose a residence type" options={RESIDENCE_TYPES.map((r) => ({ value: r, label: r }))} />
      {canSave && <Checkbox f={f} name="shouldSaveAddress" />}
    </fieldset>
  );
}
