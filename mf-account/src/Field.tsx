import { useId, useState, type InputHTMLAttributes } from 'react';
import styles from './account.module.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The message for the current value, or null when it is fine; shown once the field is left. */
  validate?(value: string): string | null;
  /** The server's sentence for this field after a submit (a whole sentence), shown while it is given. */
  error?: string;
  revealable?: boolean;
  showErrors?: boolean;
}

/** A labelled input whose error appears on blur (or when the form is submitted). */
export function Field({ label, value, onChange, validate, error: said, revealable, showErrors, type = 'text', ...input }: FieldProps) {
  const id = useId();
  const [touched, setTouched] = useState(false);
  const [reveal, setReveal] = useState(false);
  const error = (touched || showErrors ? validate?.(value) : null) || said || null;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <span className={revealable ? styles.password : undefined}>
        <input
          {...input}
          id={id}
          type={revealable && reveal ? 'text' : type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {revealable && (
          <button type="button" onClick={() => setReveal((r) => !r)} aria-label={reveal ? 'Hide password' : 'Show password'} aria-pressed={reveal}>
            {reveal ? 'Hide' : 'Show'}
          </button>
        )}
      </span>
      {/* The line is always there, so an error appearing on blur moves nothing (a click in flight lands). */}
      <span id={`${id}-error`} className={styles.error}>
        {error && <span role="alert">{error}</span>}
      </span>
    </div>
  );
}

/** A labelled choice, with the same error line as Field. */
export function SelectField({ label, value, onChange, options, placeholder, error }: {
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span id={`${id}-error`} className={styles.error}>
        {error && <span role="alert">{error}</span>}
      </span>
    </div>
  );
}
