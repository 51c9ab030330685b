import styles from '../form.module.css';
import { Checkbox, PhoneField, TextField, type FormApi } from './fields';
import { COUNTRY_CODES } from './form';

/** Who sends the flowers: prefilled for a logged-in shopper; a guest may create a free account. */
export function SenderSection({ f, loggedIn }: { f: FormApi; loggedIn: boolean }) {
  return (
    <fieldset className={styles.section}>
      <legend>Your details</legend>
      <TextField f={f} name="senderName" autoComplete="name" />
      <TextField f={f} name="senderEmail" type="email" autoComplete="email" inputMode="email" />
      <PhoneField f={f} name="senderPhoneNumber" codeName="senderCountryCode" codes={COUNTRY_CODES} autoComplete="tel-national" />
      {!loggedIn && (
        <>
          <Checkbox f={f} name="freeAccount" hint="save your recipients and follow your orders" />
          {f.form.freeAccount && <TextField f={f} name="senderPassword" type="password" autoComplete="new-password" hint="At least 8 characters." />}
        </>
      )}
    </fieldset>
  );
}
