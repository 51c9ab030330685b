import styles from './ui.module.css';

/** A grey block that shimmers while content loads. */
export function Bone({ width = '100%', height = '1em', className }: { width?: string; height?: string; className?: string }) {
  return <span className={`${styles.bone} ${className ?? ''}`} style={{ width, height }} />;
}

export function CardSkeleton({ quickAdd = true }: { quickAdd?: boolean }) {
  return (
    <li className={styles.card}>
      <span className={`${styles.image} ${styles.bone}`} />
      <span className={styles.name}>
        <Bone width="85%" />
        <Bone width="55%" />
      </span>
      <span className={styles.meta}>
        <Bone width="40%" />
      </span>
      {quickAdd && (
        <span className={styles.actions}>
          <Bone height="38px" className={styles.boneButton} />
          <Bone height="1em" width="50%" className={styles.boneLink} />
        </span>
      )}
    </li>
  );
}

/** Lines of text to come. */
export function TextSkeleton({ lines = 3 }: { lines?: number }) {
  return (
    <div aria-hidden="true" className={styles.textSkeleton}>
      {Array.from({ length: lines }, (_, i) => (
        <Bone key={i} width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </div>
  );
}

/** Announced once for assistive technology while a page loads. */
export function Loading({ what }: { what: string }) {
  return <p className={styles.visuallyHidden}>Loading {what}…</p>;
}
