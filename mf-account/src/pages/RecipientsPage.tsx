import { api } from '@adire/api-client';
import { CHECKOUT_FIELDS, COUNTRY_CODES, DELIVERY_LOCATIONS, DELIVERY_STATE_LABELS, RESIDENCE_TYPES } from '@adire/contracts';
import { ACCOUNT_API, type SavedRecipient } from '@adire/contracts/account';
import { deliveryLocation, readRecipientFields, shownPhone } from '@adire/domain/recipient';
import { useEffect, useState, type FormEvent } from 'react';
import { Field, SelectField } from '../Field';
import styles from './pages.module.css';
import { fieldSentences, toast } from './say';

/** The address book's fields by the one recipient rule's names, with the checkout's labels. */
const LABELS: Record<string, string> = {
  name: CHECKOUT_FIELDS.recipientName.label,
  phone: CHECKOUT_FIELDS.recipientPhoneNumber.label,
  phoneCountryCode: CHECKOUT_FIELDS.recipientCountryCode.label,
  phoneAlt: CHECKOUT_FIELDS.recipientPhoneNumberAlt.label,
  altPhoneCountryCode: CHECKOUT_FIELDS.recipientCountryCodeAlt.label,
  address: CHECKOUT_FIELDS.recipientHomeAddress.label,
  residenceType: CHECKOUT_FIELDS.residenceType.label,
  state: CHECKOUT_FIELDS.state.label,
};
const CODES = COUNTRY_CODES.map((c) => ({ value: c.code, label: `${c.country} (${c.code})` }));
const STATES = DELIVERY_LOCATIONS.map((s) => ({ value: s, label: DELIVERY_STATE_LABELS[s] }));
const RESIDENCES = RESIDENCE_TYPES.map((r) => ({ value: r, label: r }));

/** The choices, and a value saved before they were the checkout's ('Home') kept as one, so editing loses nothing. */
const withSaved = (options: readonly { value: string; label: string }[], saved: string | undefined) => (saved && !options.some((o) => o.value === saved) ? [...options, { value: saved, label: saved }] : options);

/** A saved recipient's place as the checkout names it ('Lagos'), or as it was saved when it is not one of the shop's. */
const stateLabel = (state: string) => {
  const known = deliveryLocation(state);
  return known ? DELIVERY_STATE_LABELS[known] : state;
};

/** /account/recipients: the people the shopper sends to, edited as the checkout asks for them. */
export function RecipientsPage() {
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
                  {shownPhone(r.phone, r.phoneCountryCode)}
                  {r.phoneAlt ? ` · ${shownPhone(r.phoneAlt, r.altPhoneCountryCode)}` : ''}
                  <br />
                  {r.address}
                  {r.state ? `, ${stateLabel(r.state)}` : ''}
                  {r.residenceType ? ` (${r.residenceType})` : ''}
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

type Values = Record<'name' | 'phone' | 'phoneCountryCode' | 'phoneAlt' | 'altPhoneCountryCode' | 'address' | 'residenceType' | 'state', string>;

/** The form's values from a saved recipient: phones as people type them, the state as the checkout's choice. */
function valuesOf(r: SavedRecipient): Values {
  const code = r.phoneCountryCode ?? '+234';
  const altCode = r.altPhoneCountryCode ?? code;
  return {
    name: r.name,
    phone: shownPhone(r.phone, code).replace(`${code} `, ''),
    phoneCountryCode: code,
    phoneAlt: r.phoneAlt ? shownPhone(r.phoneAlt, altCode).replace(`${altCode} `, '') : '',
    altPhoneCountryCode: altCode,
    address: r.address,
    residenceType: r.residenceType ?? '',
    state: (r.state && deliveryLocation(r.state)) || '',
  };
}

/** The checkout's recipient fields, choices, rule and messages (the server reads it by the same rule). */
function RecipientForm({ recipient, onDone }: { recipient: SavedRecipient; onDone(next: SavedRecipient[] | null): void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(recipient));
  const [said, setSaid] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const set = (key: keyof Values) => (v: string) => {
    setValues((o) => ({ ...o, [key]: v }));
    setSaid(({ [key]: _gone, ...rest }) => rest);
  };
  const sendable = { ...values, phoneAlt: values.phoneAlt || undefined, altPhoneCountryCode: values.phoneAlt ? values.altPhoneCountryCode : undefined, residenceType: values.residenceType || undefined, state: values.state || undefined };
  const rule = readRecipientFields(sendable);
  const problems = rule.ok ? {} : fieldSentences(rule.fields, LABELS);
  const problem = (key: keyof Values) => said[key] ?? (submitted ? problems[key] : undefined);
  const check = (key: keyof Values) => (value: string) => {
    const read = readRecipientFields({ ...sendable, [key]: value || undefined });
    return read.ok ? null : (fieldSentences(read.fields, LABELS)[key] ?? null);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!rule.ok) return toast('error', rule.message ?? Object.values(problems)[0] ?? 'Check the recipient.');
    const res = await api.put<SavedRecipient[]>(ACCOUNT_API.recipient(recipient.id), { recipient: sendable });
    if (res.error || !res.data) {
      setSaid(fieldSentences(res.fields as Record<string, unknown> | undefined, LABELS));
      return toast('error', res.message);
    }
    toast('success', `${values.name.trim()} was saved`);
    onDone(res.data);
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label={`Edit ${recipient.name}`} noValidate>
      <Field label={LABELS.name!} autoComplete="off" value={values.name} onChange={set('name')} validate={check('name')} error={problem('name')} />
      <SelectField label={LABELS.phoneCountryCode!} value={values.phoneCountryCode} onChange={set('phoneCountryCode')} options={CODES} placeholder="Choose a country code" error={problem('phoneCountryCode')} />
      <Field label={LABELS.phone!} type="tel" autoComplete="off" value={values.phone} onChange={set('phone')} validate={check('phone')} error={problem('phone')} />
      <SelectField label={LABELS.altPhoneCountryCode!} value={values.altPhoneCountryCode} onChange={set('altPhoneCountryCode')} options={CODES} placeholder="Choose a country code" error={problem('altPhoneCountryCode')} />
      <Field label={LABELS.phoneAlt!} type="tel" autoComplete="off" value={values.phoneAlt} onChange={set('phoneAlt')} validate={check('phoneAlt')} error={problem('phoneAlt')} />
      <Field label={LABELS.address!} autoComplete="off" value={values.address} onChange={set('address')} validate={check('address')} error={problem('address')} />
      <SelectField label={LABELS.residenceType!} value={values.residenceType} onChange={set('residenceType')} options={withSaved(RESIDENCES, recipient.residenceType)} placeholder="Choose a residence type" error={problem('residenceType')} />
      <SelectField label={LABELS.state!} value={values.state} onChange={set('state')} options={STATES} placeholder="Choose a state" error={problem('state')} />
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
