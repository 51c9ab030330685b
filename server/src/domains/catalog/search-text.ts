// Pure text handling for catalogue search: the same tokenizer for products and queries.

/** Lowercase, strip accents (Moët → moet), keep letters and digits of any script. */
export function foldText(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A light English stemmer, enough for flower words: lilies → lily, roses → rose, boxes → box, glass stays. */
export function stem(token: string): string {
  if (token.length > 4 && token.endsWith('ies')) return `${token.slice(0, -3)}y`;
  if (token.length > 4 && /(?:ch|sh|x|z|ss)es$/.test(token)) return token.slice(0, -2);
  if (token.length > 3 && token.endsWith('s') && !/(?:ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
}

/** Words (runs of letters/digits of any script), folded; apostrophes join (mother's → mother). */
export function words(text: string): string[] {
  return foldText(text).replace(/['’]s(?![\p{L}\p{N}])/gu, '').replace(/['’]/g, '').match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Query side: stemmed words. */
export function tokenize(text: string): string[] {
  return words(text).map(stem);
}

/**
 * Index side: each word and its stem, so a prefix typed so far finds the word ('lili' → lilies) and a
 * stemmed query finds it too ('lily' → lilies).
 */
export function indexTokens(text: string): string[] {
  const out = new Set<string>();
  for (const w of words(text)) {
    out.add(w);
    out.add(stem(w));
  }
  return [...out];
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'the', 'of', 'for', 'to', 'in', 'with', 'on', 'my', 'me', 'at', 'by', 'or']);

/**
 * Distinct query terms, each matched as a prefix of a product's words. Stop words are dropped unless
 * nothing else is left; at most 8 terms count.
 */
export function queryTerms(text: string): string[] {
  const raw = tokenize(text);
  const terms = raw.filter((t) => !STOP_WORDS.has(t));
  const chosen = terms.length ? terms : raw;
  return [...new Set(chosen)].slice(0, 8);
}

/** The half-open range of strings that start with `prefix`: [prefix, prefix + U+FFFF). */
export function prefixRange(prefix: string): [string, string] {
  return [prefix, `${prefix}\uffff`];
}

/** Binary search: first index in the sorted `words` not less than `value`. */
export function lowerBound(words: readonly string[], value: string): number {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (words[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indexes [from, to) of the sorted `words` that start with `prefix`. */
export function prefixSpan(words: readonly string[], prefix: string): [number, number] {
  const [lo, hi] = prefixRange(prefix);
  return [lowerBound(words, lo), lowerBound(words, hi)];
}
