import { SEARCH_REPORT_DAYS, type SearchesQuery, type SearchReport, type SearchReportRow } from '@adire/contracts';
import { useEffect, useState } from 'react';
import { paths, staffApi } from '../api';
import styles from '../backoffice.module.css';

/** One list of searches: the words, how often, what they found. */
function SearchTable({ caption, rows, empty }: { caption: string; rows: SearchReportRow[]; empty: string }) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <table className={styles.searchTable}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Search</th>
          <th scope="col">Times</th>
          <th scope="col">Products found</th>
          <th scope="col">Last searched</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.query}>
            <th scope="row">{r.query}</th>
            <td>{r.searches}</td>
            <td>{r.results}</td>
            <td>{r.lastDay}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What shoppers searched for (issue 43, managers): the top searches and the top searches that found
 * nothing over the last 7 or 30 days — what to stock, and which words the shop's products lack.
 * Counted without who searched; a search holding an e-mail address or a phone number is never kept.
 */
export function Searches() {
  const [days, setDays] = useState<7 | 30>(7);
  const [report, setReport] = useState<SearchReport | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    void staffApi.get<SearchReport, SearchesQuery>(paths.searches, { days }).then((res) => {
      if (!current) return;
      if (res.error || !res.data) return setError(res.message);
      setError('');
      setReport(res.data);
    });
    return () => {
      current = false;
    };
  }, [days]);

  return (
    <section className={styles.page}>
      <h1>Searches</h1>
      <p>What shoppers typed into the search box, counted without who searched.</p>
      <fieldset className={styles.filters}>
        <legend>Period</legend>
        {SEARCH_REPORT_DAYS.map((d) => (
          <label key={d} className={styles.check}>
            <input type="radio" name="days" value={d} checked={days === d} onChange={() => setDays(d)} /> Last {d} days
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
      {report && (
        <>
          <p className={styles.note}>
            From {report.from} to {report.to}.
          </p>
          <h2>Top searches</h2>
          <SearchTable caption={`Top searches, last ${report.days} days`} rows={report.top} empty="No searches yet." />
          <h2>Searches that found nothing</h2>
          <SearchTable caption={`Searches that found nothing, last ${report.days} days`} rows={report.noResults} empty="Every search found something." />
        </>
      )}
    </section>
  );
}
