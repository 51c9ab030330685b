/**
 * Ends the task the caller runs in and resumes it in a new one, so the work before and after are two
 * shorter tasks, not one long one (issue 42: on Lighthouse's phone, a task over 50 ms after the first
 * paint is blocking time), and a tap or a frame waiting in between goes first. With the Prioritized
 * Task Scheduling API, the rest resumes ahead of other queued work (scheduler.yield); a timer otherwise.
 * The entry (main.ts) ends its first task with a timer of its own: a module it shared with start.tsx
 * would be a script file of its own on every page (the first visit's budget counts files).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((next) => setTimeout(next, 0));
}
