import type { Category } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { use, useEffect, useState } from 'react';
import { catalogApi } from './api';
import { useServerDraw } from './ssr/serverDraw';
import { cachedData } from './useApi';

/** How long to wait for the shell's category list before asking the API (the catalog running alone). */
const OWN_FETCH_AFTER_MS = 2500;
/** The key of the category list among a page's answers. */
export const CATEGORIES_KEY = 'categories';

/**
 * The categories the shell publishes for its menu (replayed on the bus); fetched only if none come.
 * Drawn on the server, the page waits for them, and a hydrating page starts from the same list.
 */
export function useCategories(): Category[] | null {
  const server = useServerDraw();
  const [categories, setCategories] = useState<Category[] | null>(() => bus.last('categories:loaded') ?? cachedData<Category[]>(CATEGORIES_KEY));
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
  if (server) {
    const answer = use(server.answer(CATEGORIES_KEY, catalogApi.categories()));
    return 'data' in answer ? (answer.data as Category[]) : null;
  }
  return categories;
}
