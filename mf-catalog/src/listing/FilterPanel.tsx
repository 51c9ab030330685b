import type { FilterGroup } from '@adire/contracts';
import { useId, useState } from 'react';
import type { ListingGroup, ListingState } from './listingQuery';
import styles from './listing.module.css';

interface Props {
  groups: FilterGroup[];
  state: ListingState;
  selectedCount: number;
  onToggle: (group: ListingGroup, value: string) => void;
  onClear: () => void;
}

/** Checkbox groups with counts. What is ticked comes from the URL, so it answers at once. */
export function FilterPanel({ groups, state, selectedCount, onToggle, onClear }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <aside className={styles.filters} aria-label="Filters">
      <button type="button" className={styles.filtersToggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Filters{selectedCount > 0 ? ` (${selectedCount})` : ''}
      </button>
      <div id={panelId} className={styles.filtersPanel} data-open={open || undefined}>
        {selectedCount > 0 && (
          <button type="button" className={styles.clear} onClick={onClear}>
            Clear all filters
          </button>
        )}
        {groups.map((g) => (
          <fieldset key={g.group} className={styles.group}>
            <legend>{g.label}</legend>
            <ul>
              {g.options.map((o) => {
                const checked = state.filters[g.group]?.includes(o.value) ?? false;
                return (
                  <li key={o.value}>
                    <label className={styles.option} data-empty={!checked && o.count === 0 ? '' : undefined}>
                      <input type="checkbox" checked={checked} disabled={!checked && o.count === 0} onChange={() => onToggle(g.group, o.value)} />
                      <span>{o.label}</span>
                      <span className={styles.count}>({o.count})</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
    </aside>
  );
}
