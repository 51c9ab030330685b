// The placeholder rule lives in @adire/domain (the back office's preview uses it too).
export { fillPricePlaceholders } from '@adire/domain';

/** Scroll duration of the alert banner: the larger of 30 s and length / 7 s (SPEC section 4). */
export function scrollDurationSeconds(text: string): number {
  return Math.max(30, text.length / 7);
}

/** On desktop a short alert stands still: 3 × length < 500. */
export function isStaticOnDesktop(text: string): boolean {
  return 3 * text.length < 500;
}
