import { BRAND } from '@adire/contracts';
import { useEffect } from 'react';
import { useServerDraw } from './ssr/serverDraw';

/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_MAX = 160;

/** '{Page} | Adire Blooms'. */
export function pageTitle(page: string): string {
  return `${page} | ${BRAND}`;
}

/** One line of plain text, cut at a word boundary with an ellipsis when too long. */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(' ') > max * 0.6 ? cut.lastIndexOf(' ') : cut.length);
  return `${atWord.replace(/[\s,.;:–-]+$/, '')}…`;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** Sets the document title and meta description while a page shows (null: not known yet). */
export function usePageMeta(page: string | null, description?: string | null): void {
  const server = useServerDraw();
  // Drawn on the server: the page's head is written from what the page says here (the last one wins).
  if (server && page !== null) {
    server.meta.title = pageTitle(page);
    if (description) server.meta.description = metaDescription(description);
  }
  useEffect(() => {
    if (page === null) return;
    document.title = pageTitle(page);
    if (description) descriptionTag().content = metaDescription(description);
  }, [page, description]);
}
