import { Link, useLocation } from '@adire/router';
import { pageWindow, withPage } from './listingQuery';
import styles from './listing.module.css';

/** Page links that keep every other part of the URL (filters, sort, search). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const params = new URLSearchParams(location.search);
  const href = (p: number) => {
    const query = withPage(params, p).toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <nav aria-label="Pagination" className={styles.pagination}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev">
              Previous
            </Link>
          ) : (
            <span aria-disabled="true">Previous</span>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) => (
          <li key={p === 'gap' ? `gap-${i}` : p}>
            {p === 'gap' ? (
              <span aria-hidden="true">…</span>
            ) : (
              <Link to={href(p)} aria-current={p === page ? 'page' : undefined} aria-label={`Page ${p}`}>
                {p}
              </Link>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next">
              Next
            </Link>
          ) : (
            <span aria-disabled="true">Next</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
