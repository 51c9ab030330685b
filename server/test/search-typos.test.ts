// Typo tolerance of the catalogue's search (issue 43): the edit-distance rule, checked by properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestCorrection, correctedQuery, corrections, countedSearch, editDistanceWithin, holdsPersonalData, PostingsCollector, searchOfRequest, typoBudget } from '../src/domains/catalog/testing';

/** The plain optimal-string-alignment distance, the whole table, as a reference. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** Products named by `names` (name weight 6), matched by the index's own matcher. */
function indexOf(names: readonly string[]) {
  const collector = new PostingsCollector(names.length);
  names.forEach((name, i) => {
    collector.startProduct(i);
    collector.add(collector.tokenize(name), i, 6);
  });
  const postings = collector.layout(Int32Array.from(names.keys()));
  const vocab = [...new Set(names.flatMap((n) => n.split(' ')))];
  return {
    vocab,
    /** The products (by name index) a query finds, and what it was corrected to. */
    find(q: string) {
      const m = postings.matchRanks(q);
      return { products: [...m.ranks.slice(0, m.count)], corrected: m.corrected };
    },
  };
}

// Words without an "s" (the stemmer takes a final s off both sides; a typo adding one is not what is tested).
const LETTERS = 'abcdefghijklmnopqrtuvwxyz'.split('');
const letter = fc.constantFrom(...LETTERS);
const word = (min: number, max: number) => fc.array(letter, { minLength: min, maxLength: max }).map((l) => l.join(''));

/** One edit after the first letter: insert, delete, substitute or swap two neighbours. */
function edit(w: string, kind: number, at: number, c: string): string {
  const i = 1 + (at % (w.length - 1)); // 1 … length-1
  if (kind === 0) return w.slice(0, i) + c + w.slice(i);
  if (kind === 1) return w.slice(0, i) + w.slice(i + 1);
  if (kind === 2) return w.slice(0, i) + c + w.slice(i + 1);
  return i + 1 < w.length ? w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2) : w.slice(0, i - 1) + w[i] + w[i - 1];
}

const catalogue = fc.array(fc.array(word(4, 11), { minLength: 1, maxLength: 3 }).map((ws) => ws.join(' ')), { minLength: 1, maxLength: 30 });

describe('the edit-distance rule', () => {
  it('measures the optimal string alignment distance, capped at the budget plus one', () => {
    fc.assert(
      fc.property(word(0, 9), word(0, 9), fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        expect(editDistanceWithin(a, b, max)).toBe(Math.min(osa(a, b), max + 1));
      }),
      { numRuns: 400 },
    );
  });

  it('allows one edit from 4 letters, two from 8, none below 4 or in a word with a digit (numbers, SKUs)', () => {
    expect([typoBudget('ros'), typoBudget('rose'), typoBudget('sunflowr'), typoBudget('orkid')]).toEqual([0, 1, 2, 1]);
    fc.assert(
      fc.property(word(0, 12), fc.integer({ min: 0, max: 9 }), fc.nat(), (w, digit, at) => {
        const withDigit = w.slice(0, at % (w.length + 1)) + digit + w.slice(at % (w.length + 1));
        expect(typoBudget(withDigit)).toBe(0);
        expect(typoBudget(w)).toBe(w.length >= 8 ? 2 : w.length >= 4 ? 1 : 0);
      }),
    );
  });

  it('a word one edit away (after its first letter) of a name word of 4+ letters finds that product, corrected', () => {
    fc.assert(
      fc.property(catalogue, fc.nat(), fc.nat(), fc.integer({ min: 0, max: 3 }), fc.nat(), letter, (names, pick, wordPick, kind, at, c) => {
        const product = pick % names.length;
        const nameWords = names[product]!.split(' ');
        const target = nameWords[wordPick % nameWords.length]!;
        const typo = edit(target, kind, at, c);
        const index = indexOf(names);
        // A word that begins a word of the catalogue is taken as meant (the rule), and an edit may undo itself.
        fc.pre(typo !== target && typo.length >= 4 && !index.vocab.some((v) => v.startsWith(typo)));
        const found = index.find(typo);
        expect(found.products).toContain(product);
        expect(found.corrected.map((t) => t.term)).toEqual([typo]);
        expect(found.corrected[0]!.words.map((w) => w.word)).toContain(target);
      }),
      { numRuns: 150 },
    );
  });

  it('a word of 8+ letters two edits away finds that product', () => {
    fc.assert(
      fc.property(word(8, 12), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.nat(), fc.nat(), letter, letter, (target, k1, k2, a1, a2, c1, c2) => {
        const typo = edit(edit(target, k1, a1, c1), k2, a2, c2);
        const index = indexOf([target, 'lily', 'orchid']);
        fc.pre(typo !== target && typo.length >= 8 && !target.startsWith(typo));
        expect(index.find(typo).products).toContain(0);
      }),
      { numRuns: 150 },
    );
  });

  it('never corrects a word of the catalogue (a word never matches itself corrected), nor the start of one', () => {
    fc.assert(
      fc.property(catalogue, fc.nat(), fc.integer({ min: 1, max: 11 }), (names, pick, cut) => {
        const index = indexOf(names);
        const w = index.vocab[pick % index.vocab.length]!;
        for (const q of [w, w.slice(0, Math.max(1, Math.min(cut, w.length)))]) {
          const found = index.find(q);
          expect(found.corrected).toEqual([]);
          expect(found.products.length).toBeGreaterThan(0);
        }
        const sorted = [...new Set(index.vocab)].sort();
        expect(corrections(sorted, w, false).map((c) => sorted[c.v])).not.toContain(w);
      }),
      { numRuns: 100 },
    );
  });

  it('requires the first letter: a word with another first letter is not corrected to it', () => {
    const index = indexOf(['Red Roses', 'Lily Bouquet']);
    expect(index.find('rosse').products).toEqual([0]);
    expect(index.find('hoses').products).toEqual([]);
    expect(index.find('oily').products).toEqual([]);
  });

  it('matches SKUs and numbers exactly only', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 1000, max: 9999 }), (sku, other) => {
        fc.pre(sku !== other && !String(sku).startsWith(String(other)));
        const index = indexOf([`Roses AB-${sku}`, 'Lily Bouquet']);
        expect(index.find(`AB-${sku}`).products).toEqual([0]);
        expect(index.find(`AB-${other}`).products).toEqual([]);
        expect(index.find(String(other)).corrected).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe('did you mean', () => {
  it('shows the correction closest to what was typed', () => {
    expect(bestCorrection('rosses', [{ word: 'rose', products: 90 }, { word: 'roses', products: 80 }])).toBe('roses');
    expect(correctedQuery('Red Rosses', [{ term: 'ross', words: [{ word: 'rose', products: 9 }, { word: 'roses', products: 9 }] }])).toBe('red roses');
    expect(correctedQuery('roses', [])).toBeNull();
  });

  it('finds the issue’s misspellings in product names', () => {
    const index = indexOf(['Red Roses', 'Lilies in Vase', 'Bouquet of Tulips', 'Sunflower Joy', 'Chocolate Box', 'Teddy Bear', 'Balloon Bunch', 'Champagne Hamper', 'Orchid Pot']);
    const expected: Record<string, number> = { rosses: 0, lillies: 1, bouqet: 2, sunflowr: 3, choclate: 4, teady: 5, baloon: 6, champange: 7 };
    for (const [q, product] of Object.entries(expected)) expect(index.find(q).products, q).toEqual([product]);
    // "orkid" is two edits from "orchid" (k → c, h inserted) and five letters allow one: not found, by the rule.
    expect(index.find('orkid').products).toEqual([]);
  });
});

describe('what is counted of a search', () => {
  it('keeps the words, folded, and nothing of a search holding an e-mail address or a phone number', () => {
    expect(countedSearch('  Red  ROSES! ')).toBe('red roses');
    expect(countedSearch('Moët & Chandon')).toBe('moet chandon');
    expect(countedSearch('🌹')).toBeNull();
    for (const personal of ['ada@example.com', 'send to ada@example.com', '08035550142', '+234 803 555 0142', '0803-555-0142', 'call (0803) 555 0142']) {
      expect(holdsPersonalData(personal), personal).toBe(true);
      expect(countedSearch(personal), personal).toBeNull();
    }
    for (const fine of ['AB-1001', '24 roses', '100 roses 2026', 'roses @ home']) expect(holdsPersonalData(fine), fine).toBe(false);
  });

  it('counts the first page of a search across the catalogue, as a page or as a browser’s API call', () => {
    expect(searchOfRequest('/filters?search=roses', false)).toBe('roses');
    expect(searchOfRequest('/filters?search=roses&page=1&sort=price-asc', false)).toBe('roses');
    expect(searchOfRequest('/v1/catalog/filters?business=adire-blooms&search=roses', false)).toBe('roses');
    expect(searchOfRequest('/v1/catalog/filters?business=adire-blooms&search=roses', true)).toBeNull();
    expect(searchOfRequest('/filters?search=roses&page=2', false)).toBeNull();
    expect(searchOfRequest('/filters?shopBy=best-sellers', false)).toBeNull();
    expect(searchOfRequest('/product-category/roses?search=red', false)).toBeNull();
    expect(searchOfRequest('/filters', false)).toBeNull();
  });
});
