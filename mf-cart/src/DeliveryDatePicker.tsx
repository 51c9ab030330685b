import { shopDate } from '@adire/domain';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';

const toDate = (iso: string) => new Date(`${iso}T12:00:00`);
const toIso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The drawer's date picker: past days (in Lagos) are disabled. Loaded only when the drawer opens. */
export default function DeliveryDatePicker({ value, onChange, id }: { value: string | null; onChange(date: string | null): void; id: string }) {
  return (
    <DatePicker
      id={id}
      selected={value ? toDate(value) : null}
      onChange={(d: Date | null) => onChange(d ? toIso(d) : null)}
      minDate={toDate(shopDate())}
      placeholderText="Select date"
      dateFormat="d MMM yyyy"
      autoComplete="off"
      popperPlacement="top-start"
    />
  );
}
