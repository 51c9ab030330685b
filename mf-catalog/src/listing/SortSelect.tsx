import { DEFAULT_SORT, SORT_OPTIONS, type ListingSort } from '@adire/contracts';
import { startTransition, useOptimistic } from 'react';
import styles from './listing.module.css';

const CHOICES = [DEFAULT_SORT, ...SORT_OPTIONS];

/** The order comes from the URL; the choice shows at once while the router's transition applies it. */
export function SortSelect({ value, onChange }: { value: ListingSort; onChange: (sort: string) => void }) {
  const [shown, show] = useOptimistic<string, string>(value, (_, next) => next);
  return (
    <label className={styles.sort}>
      <span>Sort by</span>
      <select
        value={shown}
        onChange={(e) => {
          const next = e.target.value;
          startTransition(() => {
            show(next);
            onChange(next);
          });
        }}
      >
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
