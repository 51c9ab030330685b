import type { BlogPost } from '@adire/contracts';
import { Link, useParams } from '@adire/router';
import { catalogApi } from '../api';
import { usePageMeta } from '../pageMeta';
import { useApi } from '../useApi';
import { LoadError, NotFound } from '../ui/NotFound';
import { Bone, Loading, TextSkeleton } from '../ui/Skeleton';
import ui from '../ui/ui.module.css';
import { Blocks, publishedOn } from './blocks';
import styles from './content.module.css';

/** /blog/:slug. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const result = useApi(`blog-post:${slug}`, catalogApi.blogPost(slug));
  if (result.status === 'error' && result.httpStatus === 404) return <NotFound title="Post not found" message={result.message} />;
  if (result.status === 'error') return <LoadError message={result.message} retry={result.retry} />;
  if (result.status === 'loading')
    return (
      <div className={styles.article}>
        <Loading what="the post" />
        <Bone width="70%" height="2.2rem" className={ui.title} />
        <span className={`${styles.heroImage} ${ui.bone}`} />
        <TextSkeleton lines={8} />
      </div>
    );
  return <Post post={result.data} />;
}

function Post({ post }: { post: BlogPost }) {
  usePageMeta(post.title, post.excerpt);
  return (
    <article className={styles.article}>
      <p className={styles.back}>
        <Link to="/blog">← Our Blog</Link>
      </p>
      <h1 className={ui.title}>{post.title}</h1>
      <p className={styles.meta}>
        {post.author} · <time dateTime={post.publishedAt}>{publishedOn(post.publishedAt)}</time>
      </p>
      <img src={post.image.src} alt={post.image.alt} width={post.image.width} height={post.image.height} className={styles.heroImage} />
      <Blocks blocks={post.content} />
      {post.tags.length > 0 && (
        <ul className={styles.tags} aria-label="Tags">
          {post.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
