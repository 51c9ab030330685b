import { DEFAULT_SORT, SORT_OPTIONS, type ListingSort } from '@adire/contracts';
import styles from './listing.module.css';

const CHOICES = [DEFAULT_SORT, ...SORT_OPTIONS];

export function SortSelect({ value, onChange }: { value: ListingSort; onChange: (sort: string) => void }) {
  return (
    <label className={styles.sort}>
      <span>Sort by</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
