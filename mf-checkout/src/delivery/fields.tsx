import type { ReactNode } from 'react';
import styles from '../form.module.css';
import { FIELD_LABELS, type CheckoutForm, type FieldName } from './form';

/** What every field needs from the delivery form. */
export interface FormApi {
  form: CheckoutForm;
  set<K extends FieldName>(name: K, value: CheckoutForm[K]): void;
  blur(name: FieldName): void;
  errorOf(name: FieldName): string | null;
  isRequired(name: FieldName): boolean;
}

export const fieldId = (name: FieldName) => `checkout-${name}`;
const errorId = (name: FieldName) => `checkout-${name}-error`;

/** The error line is always there, so a message appearing on blur moves nothing. */
function ErrorLine({ name, error }: { name: FieldName; error: string | null }) {
  return (
    <span id={errorId(name)} className={styles.error}>
      {error && <span role="alert">{error}</span>}
    </span>
  );
}

function Label({ f, name, label }: { f: FormApi; name: FieldName; label?: string }) {
  return (
    <label htmlFor={fieldId(name)}>
      {label ?? FIELD_LABELS[name]}
      {f.isRequired(name) ? <span aria-hidden="true"> *</span> : <span className={styles.optional}> (optional)</span>}
    </label>
  );
}

function a11y(f: FormApi, name: FieldName, hint?: string) {
  const error = f.errorOf(name);
  return {
    id: fieldId(name),
    name,
    'aria-invalid': error ? true : undefined,
    'aria-required': f.isRequired(name) || undefined,
    'aria-describedby': [hint, errorId(name)].filter(Boolean).join(' '),
    onBlur: () => f.blur(name),
  };
}

type TextName = { [K in FieldName]: CheckoutForm[K] extends string ? K : never }[FieldName];

export function TextField({ f, name, type = 'text', autoComplete, hint, label, inputMode, min }: {
  f: FormApi;
  min?: string;
  name: TextName;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date';
  autoComplete?: string;
  hint?: string;
  label?: string;
  inputMode?: 'tel' | 'email' | 'text';
}) {
  const hintId = hint ? `${fieldId(name)}-hint` : undefined;
  return (
    <div className={styles.field}>
      <Label f={f} name={name} label={label} />
      <input {...a11y(f, name, hintId)} type={type} min={min} value={f.form[name]} autoComplete={autoComplete} inputMode={inputMode} onChange={(e) => f.set(name, e.target.value as never)} />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <ErrorLine name={name} error={f.errorOf(name)} />
    </div>
  );
}

export function TextArea({ f, name, maxLength = 1000, hint }: { f: FormApi; name: TextName; maxLength?: number; hint?: string }) {
  const hintId = hint ? `${fieldId(name)}-hint` : undefined;
  return (
    <div className={styles.field}>
      <Label f={f} name={name} />
      <textarea {...a11y(f, name, hintId)} rows={3} maxLength={maxLength} value={f.form[name]} onChange={(e) => f.set(name, e.target.value as never)} />
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      <ErrorLine name={name} error={f.errorOf(name)} />
    </div>
  );
}

export function SelectField({ f, name, options, placeholder, disabled, children }: {
  f: FormApi;
  name: TextName;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <Label f={f} name={name} />
      <select {...a11y(f, name)} value={f.form[name]} disabled={disabled} onChange={(e) => f.set(name, e.target.value as never)}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {children}
      <ErrorLine name={name} error={f.errorOf(name)} />
    </div>
  );
}

export function Checkbox({ f, name, hint }: { f: FormApi; name: 'freeAccount' | 'shouldSaveAddress'; hint?: string }) {
  return (
    <div className={styles.check}>
      <input id={fieldId(name)} name={name} type="checkbox" checked={f.form[name]} onChange={(e) => f.set(name, e.target.checked)} />
      <label htmlFor={fieldId(name)}>
        {FIELD_LABELS[name]}
        {hint && <span className={styles.hint}> — {hint}</span>}
      </label>
    </div>
  );
}

/** A phone number with its country code beside it (default +234). */
export function PhoneField({ f, name, codeName, codes, autoComplete }: {
  f: FormApi;
  name: 'senderPhoneNumber' | 'recipientPhoneNumber' | 'recipientPhoneNumberAlt';
  codeName: 'senderCountryCode' | 'recipientCountryCode' | 'recipientCountryCodeAlt';
  codes: readonly { code: string; country: string }[];
  autoComplete?: string;
}) {
  const value = f.form[codeName];
  const known = codes.some((c) => c.code === value);
  return (
    <div className={styles.field}>
      <Label f={f} name={name} />
      <span className={styles.phone}>
        <select
          id={fieldId(codeName)}
          name={codeName}
          aria-label={FIELD_LABELS[codeName]}
          value={value}
          onChange={(e) => f.set(codeName, e.target.value)}
          onBlur={() => f.blur(codeName)}
        >
          {!known && value && <option value={value}>{value}</option>}
          {codes.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {c.country}
            </option>
          ))}
        </select>
        <input {...a11y(f, name)} type="tel" inputMode="tel" autoComplete={autoComplete} value={f.form[name]} onChange={(e) => f.set(name, e.target.value)} />
      </span>
      <ErrorLine name={name} error={f.errorOf(name) ?? f.errorOf(codeName)} />
    </div>
  );
}
