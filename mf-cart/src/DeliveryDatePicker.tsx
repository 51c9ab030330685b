import { useBusValue } from '@adire/ui';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { checkoutSettings } from './cartStore';
import { firstDeliveryDate, isSelectableDate } from './rules';

const toDate = (iso: string) => new Date(`${iso}T12:00:00`);
const toIso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The drawer's date picker: days before the first delivery day and the days the shop is closed are
 * disabled (today only before the same-day cutoff, as in the checkout). Loaded only when the drawer opens.
 */
export default function DeliveryDatePicker({ value, onChange, id, describedBy }: { value: string | null; onChange(date: string | null): void; id: string; describedBy?: string }) {
  useBusValue('settings:loaded'); // re-render when the shop's cutoffs arrive
  return (
    <DatePicker
      id={id}
      selected={value ? toDate(value) : null}
      onChange={(d: Date | null) => onChange(d ? toIso(d) : null)}
      minDate={toDate(firstDeliveryDate(new Date(), checkoutSettings()))}
      filterDate={(d: Date) => isSelectableDate(toIso(d), new Date(), checkoutSettings())}
      ariaDescribedBy={describedBy}
      placeholderText="Select date"
      dateFormat="d MMM yyyy"
      autoComplete="off"
      popperPlacement="top-start"
    />
  );
}
