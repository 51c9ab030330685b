import type { FaqEntry } from '@adire/contracts';
import { catalogApi } from '../api';
import { usePageMeta } from '../pageMeta';
import { useApi } from '../useApi';
import { LoadError } from '../ui/NotFound';
import { Loading, TextSkeleton } from '../ui/Skeleton';
import ui from '../ui/ui.module.css';
import styles from './content.module.css';

export const FAQ_TITLE = 'FAQ: how to buy fresh flowers and gifts in Lagos and Abuja';

/** Entries by their group, in the order the server gives them. */
export function groupFaq(entries: readonly FaqEntry[]): { group: string; entries: FaqEntry[] }[] {
  const groups = new Map<string, FaqEntry[]>();
  for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e]);
  return [...groups].map(([group, list]) => ({ group, entries: list }));
}

export function FaqPage() {
  usePageMeta('FAQ', 'How to order fresh flowers and gifts from Adire Blooms: delivery times and areas in Lagos and Abuja, payment in NGN, USD or GBP, care tips.');
  const result = useApi('faq', catalogApi.faq());
  return (
    <section className={styles.page} aria-labelledby="faq-heading">
      <h1 id="faq-heading" className={ui.title}>
        {FAQ_TITLE}
      </h1>
      {result.status === 'error' && <LoadError message={result.message} retry={result.retry} />}
      {result.status === 'loading' && (
        <>
          <Loading what="questions" />
          <TextSkeleton lines={12} />
        </>
      )}
      {result.status === 'ready' &&
        groupFaq(result.data).map(({ group, entries }) => (
          <section key={group} className={styles.faqGroup} aria-label={group}>
            <h2>{group}</h2>
            {entries.map((e) => (
              <details key={e.id} className={styles.faq}>
                <summary>{e.question}</summary>
                <p>{e.answer}</p>
              </details>
            ))}
          </section>
        ))}
    </section>
  );
}
