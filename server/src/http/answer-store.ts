import { sizeOf, type CachedAnswer } from './cached-answer';

/**
 * The answers of one data stamp, dropped once over `maxBytes` by a clock sweep: a hit only marks its
 * answer as used (no reordering of the map on the hot path); when room is needed the oldest answers
 * go first, except that one used since the last sweep gets a second chance (it moves to the back,
 * unmarked). A new stamp empties it; an answer computed under an older stamp is not kept.
 */
export class AnswerStore {
  private stamp = '';
  private readonly answers = new Map<string, { answer: CachedAnswer; used: boolean }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** Move to the current stamp (emptying the store when it changed). */
  advance(stamp: string): void {
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    this.answers.clear();
    this.bytes = 0;
  }

  /** The answer kept under `key` at whatever stamp the store is at, without marking it used. */
  peek(key: string): CachedAnswer | undefined {
    return this.answers.get(key)?.answer;
  }

  get(key: string): CachedAnswer | undefined {
    const kept = this.answers.get(key);
    if (!kept) return undefined;
    kept.used = true;
    return kept.answer;
  }

  put(stamp: string, key: string, answer: CachedAnswer): void {
    if (stamp !== this.stamp) return;
    const before = this.answers.get(key);
    if (before) {
      this.bytes -= sizeOf(before.answer);
      this.answers.delete(key);
    }
    this.answers.set(key, { answer, used: false });
    this.bytes += sizeOf(answer);
    this.trim(key);
  }

  /** A compressed copy was added to an answer already counted. */
  grew(key: string, by: number): void {
    if (!this.answers.has(key)) return;
    this.bytes += by;
    this.trim(key);
  }

  /** Makes room, sparing `fresh` (the answer just put or grown: it has had no chance to be read yet). */
  private trim(fresh: string): void {
    // Each answer is met at most twice (a used one is moved back unmarked), so this ends.
    for (const [key, kept] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      if (key === fresh) continue;
      this.answers.delete(key);
      if (kept.used) {
        kept.used = false;
        this.answers.set(key, kept);
      } else {
        this.bytes -= sizeOf(kept.answer);
      }
    }
  }

  get size(): number {
    return this.answers.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }
}
