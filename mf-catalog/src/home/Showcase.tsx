import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { Link } from '@adire/router';
import { shownData, useApi } from '../useApi';
import { GridSkeleton, ProductGrid } from '../ui/ProductGrid';
import { Bone } from '../ui/Skeleton';
import { homeFeatured } from './featured';
import { listsFor, sectionCategory, SHOWCASE_OCCASION, wrapIndex } from './showcase';
import styles from './home.module.css';

const PRODUCTS_PER_SLIDE = 4;
const SWIPE_PX = 40;

/**
 * The Valentine slide showcase: one slide per section (flowers, forever roses, gifts, scented
 * candles, champagne). Slides share one grid cell; only the current one is laid out, and a slide
 * keeps its size once shown, so the carousel never shrinks as it turns. Hidden slides are inert. It
 * does not turn by itself.
 */
export function Showcase() {
  const result = useApi(homeFeatured.key, homeFeatured.load);
  const lists = listsFor(shownData(result), 'occasion', SHOWCASE_OCCASION);
  const [current, setCurrent] = useState(0);
  // A slide's pictures are asked for once it has been shown: the page's markup carries only the
  // first slide's, and a shopper who never turns the showcase pays for no others.
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([0]));
  const touchX = useRef<number | null>(null);
  const pickers = useRef<(HTMLButtonElement | null)[]>([]);
  if (result.status === 'error' || (result.status === 'ready' && lists.length === 0)) return null;

  const count = lists.length;
  const index = wrapIndex(current, count);
  const go = (next: number, focus = false) => {
    const i = wrapIndex(next, count);
    setCurrent(i);
    setShown((seen) => (seen.has(i) ? seen : new Set(seen).add(i)));
    if (focus) pickers.current[i]?.focus();
  };
  const onPickerKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
    if (e.key in moves) {
      e.preventDefault();
      go(moves[e.key]!, true);
    }
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    const dx = start === null ? 0 : (e.changedTouches[0]?.clientX ?? start) - start;
    if (Math.abs(dx) > SWIPE_PX) go(index + (dx < 0 ? 1 : -1));
  };

  return (
    <section className={styles.showcase} aria-roledescription="carousel" aria-labelledby="showcase-heading">
      <div className={styles.showcaseHead}>
        <div>
          <p className={styles.kicker}>14 February · order early</p>
          <h2 id="showcase-heading">Valentine’s Day showcase</h2>
        </div>
        <div className={styles.showcaseNav}>
          <button type="button" className={styles.arrow} aria-label="Previous slide" onClick={() => go(index - 1)} disabled={count < 2}>
            ‹
          </button>
          <button type="button" className={styles.arrow} aria-label="Next slide" onClick={() => go(index + 1)} disabled={count < 2}>
            ›
          </button>
        </div>
      </div>
      {count === 0 ? (
        <div aria-hidden="true">
          <div className={styles.pickers}>
            {Array.from({ length: 5 }, (_, i) => (
              <Bone key={i} width="110px" height="36px" className={styles.pickerBone} />
            ))}
          </div>
          <GridSkeleton count={PRODUCTS_PER_SLIDE} quickAdd={false} />
          <Bone width="160px" height="1.4em" className={styles.shopAllBone} />
        </div>
      ) : (
        <>
          <div className={styles.pickers} role="group" aria-label="Choose a slide" onKeyDown={onPickerKey}>
            {lists.map((list, i) => (
              <button
                key={list.section}
                ref={(el) => {
                  pickers.current[i] = el;
                }}
                type="button"
                className={styles.picker}
                aria-pressed={i === index}
                aria-controls={`showcase-slide-${i}`}
                tabIndex={i === index ? 0 : -1}
                onClick={() => go(i)}
              >
                {list.title}
              </button>
            ))}
          </div>
          <div
            className={styles.slides}
            aria-live="polite"
            onTouchStart={(e) => (touchX.current = e.touches[0]?.clientX ?? null)}
            onTouchEnd={onTouchEnd}
          >
            {lists.map((list, i) => (
              <div
                key={list.section}
                id={`showcase-slide-${i}`}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}: ${list.title}`}
                className={styles.slide}
                data-current={i === index || undefined}
                inert={i !== index}
              >
                <ProductGrid products={list.products.slice(0, PRODUCTS_PER_SLIDE)} label={list.title} quickAdd={false} eagerFirst={i === 0} withoutImages={!shown.has(i)} />
                <Link to={`/product-category/${sectionCategory(list.section)}`} className={styles.shopAll}>
                  Shop all {list.title.toLowerCase()} →
                </Link>
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
