import { Link, useSearchParams } from '@adire/router';
import { catalogApi } from '../api';
import { Pagination } from '../listing/Pagination';
import { readPage } from '../listing/listingQuery';
import { usePageMeta } from '../pageMeta';
import { useApi } from '../useApi';
import { LoadError } from '../ui/NotFound';
import { Bone, Loading, TextSkeleton } from '../ui/Skeleton';
import ui from '../ui/ui.module.css';
import { publishedOn } from './blocks';
import styles from './content.module.css';

/** /blog: the posts, newest first. */
export function BlogPage() {
  usePageMeta('Our Blog', 'Flower care, gifting ideas and stories from the Adire Blooms florists in Lagos and Abuja.');
  const [params] = useSearchParams();
  const page = readPage(params);
  const result = useApi(`blog:${page}`, catalogApi.blog(page));
  return (
    <section className={styles.page} aria-labelledby="blog-heading">
      <h1 id="blog-heading" className={ui.title}>
        Our Blog
      </h1>
      <p className={styles.lead}>Flower care, gifting ideas and stories from our florists.</p>
      {result.status === 'error' && <LoadError message={result.message} retry={result.retry} />}
      {result.status === 'loading' && (
        <>
          <Loading what="posts" />
          <ul className={styles.posts} aria-hidden="true">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i} className={styles.post}>
                <span className={`${styles.postImage} ${ui.bone}`} />
                <Bone width="80%" height="1.3em" />
                <TextSkeleton lines={3} />
              </li>
            ))}
          </ul>
        </>
      )}
      {result.status === 'ready' && (
        <>
          <ul className={styles.posts} aria-label="Posts">
            {result.data.posts.map((post, i) => (
              <li key={post.slug} className={styles.post}>
                <img
                  src={post.image.src}
                  alt=""
                  width={post.image.width}
                  height={post.image.height}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  className={styles.postImage}
                />
                <h2>
                  <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                </h2>
                <p className={styles.meta}>
                  {post.author} · <time dateTime={post.publishedAt}>{publishedOn(post.publishedAt)}</time>
                </p>
                <p>{post.excerpt}</p>
              </li>
            ))}
          </ul>
          <Pagination page={result.data.page} pageCount={Math.ceil(result.data.total / Math.max(1, result.data.pageSize))} />
        </>
      )}
    </section>
  );
}
