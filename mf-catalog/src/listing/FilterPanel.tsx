import type { FilterGroup } from '@adire/contracts';
import { startTransition, useId, useOptimistic, useState } from 'react';
import type { ListingGroup, ListingState } from './listingQuery';
import styles from './listing.module.css';

interface Props {
  groups: FilterGroup[];
  state: ListingState;
  selectedCount: number;
  onToggle: (group: ListingGroup, value: string) => void;
  onClear: () => void;
}

/** A tick not yet in the URL, as 'group=value'. */
const tickKey = (group: ListingGroup, value: string) => `${group}=${value}`;

/**
 * Checkbox groups with counts. What is ticked comes from the URL. The router applies a URL change
 * in a transition, so a tick is shown at once (optimistically) until the URL has it.
 */
export function FilterPanel({ groups, state, selectedCount, onToggle, onClear }: Props) {
  const [open, setOpen] = useState(false);
  const [pending, flip] = useOptimistic<string[], string>([], (keys, key) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  const toggle = (group: ListingGroup, value: string) =>
    startTransition(() => {
      flip(tickKey(group, value));
      onToggle(group, value);
    });
  const panelId = useId();
  return (
    <aside className={styles.filters} aria-label="Filters">
      <button type="button" className={styles.filtersToggle} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        Filters{selectedCount > 0 ? ` (${selectedCount})` : ''}
      </button>
      {/* Focusable: on a desktop the panel scrolls on its own, and a keyboard must reach it even while its boxes wait for the page to run. */}
      <div id={panelId} className={styles.filtersPanel} data-open={open || undefined} tabIndex={0}>
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
                const inUrl = state.filters[g.group]?.includes(o.value) ?? false;
                const checked = inUrl !== pending.includes(tickKey(g.group, o.value));
                return (
                  <li key={o.value}>
                    <label className={styles.option} data-empty={!checked && o.count === 0 ? '' : undefined}>
                      <input type="checkbox" checked={checked} disabled={!checked && o.count === 0} onChange={() => toggle(g.group, o.value)} />
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
