import { checkoutFieldOf, CHECKOUT_FIELDS } from '@adire/contracts';
import type { FieldName } from './form';

export interface ServerFieldErrors {
  /** Shown next to the fields: '{Label} {reason}', e.g. 'Recipient phone number is not a valid phone number'. */
  byField: Partial<Record<FieldName, string>>;
  /** Problems with no field on the form (an empty cart, the currency): shown above the submit button. */
  other: string[];
}

/** Spread a 400's `fields` over the form. */
export function mapServerFields(fields: Record<string, string> | undefined): ServerFieldErrors {
  const result: ServerFieldErrors = { byField: {}, other: [] };
  for (const [path, reason] of Object.entries(fields ?? {})) {
    const field: FieldName | null = checkoutFieldOf(path);
    if (field && !result.byField[field]) result.byField[field] = `${CHECKOUT_FIELDS[field].label} ${reason}`;
    else if (!field) result.other.push(`${path} ${reason}`);
  }
  return result;
}
