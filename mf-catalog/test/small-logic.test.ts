import type { FeaturedResponse } from '@adire/contracts';
import { describe, expect, it } from 'vitest';
import { groupFaq } from '../src/content/FaqPage';
import { listsFor, sectionCategory, wrapIndex } from '../src/home/showcase';
import { metaDescription, pageTitle } from '../src/pageMeta';
import { filtersHeading } from '../src/pages/FiltersPage';
import { filledStars, ratingRows, ratingText } from '../src/product/reviews';
import { summary } from './fixtures';

describe('page meta', () => {
  it("titles pages '{Page} | Adire Blooms'", () => {
    expect(pageTitle('Roses')).toBe('Roses | Adire Blooms');
  });

  it('keeps descriptions short, cut at a word', () => {
    expect(metaDescription('  Red   roses\nfor you ')).toBe('Red roses for you');
    const long = metaDescription('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('reviews', () => {
  const summaryOf = { average: 4.25, count: 4, distribution: { '1': 0, '2': 0, '3': 1, '4': 1, '5': 2 } } as const;
  it('lists the distribution five stars first, with percentages', () => {
    expect(ratingRows(summaryOf)).toEqual([
      { stars: 5, count: 2, percent: 50 },
      { stars: 4, count: 1, percent: 25 },
      { stars: 3, count: 1, percent: 25 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
  });

  it('reads the rating as a sentence', () => {
    expect(ratingText({ average: 4.25, count: 4 })).toBe('Rated 4.3 out of 5 from 4 reviews');
    expect(ratingText({ average: 5, count: 1 })).toBe('Rated 5.0 out of 5 from 1 review');
    expect(ratingText({ average: 0, count: 0 })).toBe('No reviews yet');
    expect(filledStars(4.6)).toBe(4);
    expect(filledStars(4.8)).toBe(5);
  });
});

describe('home showcase', () => {
  it('wraps slide numbers at both ends', () => {
    expect(wrapIndex(5, 5)).toBe(0);
    expect(wrapIndex(-1, 5)).toBe(4);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('takes the non-empty lists of one occasion or location', () => {
    const response: FeaturedResponse = {
      occasion: 'valentines-day',
      location: null,
      lists: [
        { kind: 'occasion', key: 'valentines-day', section: 'flowers', title: 'Flowers', products: [summary()] },
        { kind: 'occasion', key: 'valentines-day', section: 'gifts', title: 'Gifts', products: [] },
        { kind: 'location', key: 'lagos', section: 'main', title: 'Lagos', products: [summary()] },
      ],
    };
    expect(listsFor(response, 'occasion', 'valentines-day').map((l) => l.section)).toEqual(['flowers']);
    expect(listsFor(response, 'location', 'lagos')).toHaveLength(1);
    expect(listsFor(null, 'location', 'abuja')).toEqual([]);
    expect(sectionCategory('champagne')).toBe('wine-and-champagne');
    expect(sectionCategory('unknown')).toBe('valentines-day-flowers-and-gifts');
  });
});

describe('/filters heading', () => {
  it('names the search, or the shopBy tags by their labels', () => {
    expect(filtersHeading(new URLSearchParams('search=%20lilies%20'))).toBe('Search results for “lilies”');
    expect(filtersHeading(new URLSearchParams('shopBy=same-day-delivery'))).toBe('Same day delivery');
    expect(filtersHeading(new URLSearchParams('shopBy=same day delivery'))).toBe('Same day delivery');
    expect(filtersHeading(new URLSearchParams(''))).toBe('All flowers and gifts');
  });
});

describe('FAQ', () => {
  it('groups entries in the order they come', () => {
    const e = (id: string, group: string) => ({ id, group, question: `q${id}`, answer: 'a' });
    expect(groupFaq([e('1', 'Delivery'), e('2', 'Payment'), e('3', 'Delivery')]).map((g) => [g.group, g.entries.map((x) => x.id)])).toEqual([
      ['Delivery', ['1', '3']],
      ['Payment', ['2']],
    ]);
  });
});
