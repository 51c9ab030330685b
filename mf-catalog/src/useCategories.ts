import type { Category } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { useEffect, useState } from 'react';
import { catalogApi } from './api';

/** How long to wait for the shell's category list before asking the API (the catalog running alone). */
const OWN_FETCH_AFTER_MS = 2500;

/** The categories the shell publishes for its menu (replayed on the bus); fetched only if none come. */
export function useCategories(): Category[] | null {
  const [categories, setCategories] = useState<Category[] | null>(() => bus.last('categories:loaded') ?? null);
  useEffect(() => {
    let got = false;
    const off = bus.on('categories:loaded', (list) => {
      got = true;
      setCategories(list);
    });
    const timer = setTimeout(() => {
      if (got) return;
      void catalogApi.categories()().then((res) => !got && res.data && setCategories(res.data));
    }, OWN_FETCH_AFTER_MS);
    return () => {
      off();
      clearTimeout(timer);
    };
  }, []);
  return categories;
}
