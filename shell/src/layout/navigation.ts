import { navigateToUrl } from 'single-spa';

/** Client-side navigation for plain links (modified clicks still open a new tab as usual). */
export function go(event: React.MouseEvent<HTMLAnchorElement>): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  navigateToUrl(event.currentTarget.href);
}
