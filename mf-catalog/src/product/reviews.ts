import type { RatingSummary, ReviewSummary } from '@adire/contracts';

export interface RatingRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Whole percent of all reviews, for the bar. */
  percent: number;
}

/** The distribution, five stars first. */
export function ratingRows(summary: ReviewSummary): RatingRow[] {
  const total = summary.count || Object.values(summary.distribution).reduce((a, b) => a + b, 0);
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = summary.distribution[String(stars) as keyof ReviewSummary['distribution']] ?? 0;
    return { stars, count, percent: total ? Math.round((count / total) * 100) : 0 };
  });
}

export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

/** 'Rated 4.6 out of 5 from 12 reviews', or 'No reviews yet'. */
export function ratingText(rating: RatingSummary): string {
  if (rating.count === 0) return 'No reviews yet';
  return `Rated ${rating.average.toFixed(1)} out of 5 from ${reviewCountText(rating.count)}`;
}

/** Full stars to draw for an average (rounded to the nearest half, then down). */
export function filledStars(average: number): number {
  return Math.max(0, Math.min(5, Math.floor(Math.round(average * 2) / 2)));
}
