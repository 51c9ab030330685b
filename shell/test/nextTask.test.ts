import { afterEach, expect, test, vi } from 'vitest';
import { nextTask } from '../src/boot/nextTask';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('what follows it runs in a new task: not with the promises of the task it ends', async () => {
  const order: string[] = [];
  const resumed = nextTask().then(() => order.push('resumed'));
  // Every promise settled in this task runs before it (a microtask would resume at once).
  await Promise.resolve();
  await Promise.resolve();
  order.push('same task');
  await resumed;
  expect(order).toEqual(['same task', 'resumed']);
});

test('it resumes through scheduler.yield where the browser has it', async () => {
  const yieldOnce = vi.fn(() => Promise.resolve());
  vi.stubGlobal('scheduler', { yield: yieldOnce });
  await nextTask();
  expect(yieldOnce).toHaveBeenCalledTimes(1);
});

test('without scheduler.yield, a timer ends the task', async () => {
  vi.stubGlobal('scheduler', { postTask: () => {} });
  const timer = vi.spyOn(globalThis, 'setTimeout');
  await nextTask();
  expect(timer).toHaveBeenCalledWith(expect.any(Function), 0);
  timer.mockRestore();
});
