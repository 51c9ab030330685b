import { bus } from '@adire/event-bus';

/** A toast over the page (the shell shows it). */
export const toast = (type: 'success' | 'info' | 'error', message: string) => bus.emit('toast:show', { type, message });

/**
 * The server's reasons for a form's fields ({ confirmation: 'must be DELETE' }) as the sentences its
 * fields show: '<label> <reason>', or the page's own sentence for a field where that reads badly.
 */
export function fieldSentences(fields: Record<string, unknown> | undefined, labels: Record<string, string>, own: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, reason] of Object.entries(fields ?? {})) {
    const name = key.replace(/^recipient\./, '');
    out[name] = own[name] ?? `${labels[name] ?? name} ${String(reason)}`;
  }
  return out;
}
