import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { later } from '../src/later';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((c) => c + 1)}>
      {label} {count}
    </button>
  );
}

/** A load the test resolves or rejects when it likes, counting how often it was asked for. */
function controlledLoad() {
  const calls: { resolve(): void; reject(error: Error): void }[] = [];
  const load = () =>
    new Promise<typeof Counter>((resolve, reject) => {
      calls.push({ resolve: () => resolve(Counter), reject });
    });
  return { load, calls };
}

describe('later: a part of the checkout fetched when first wanted', () => {
  it('is not fetched until shown, shows the fallback meanwhile, then the part', async () => {
    const { load, calls } = controlledLoad();
    const Part = later(load);
    expect(calls).toHaveLength(0);
    render(
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Part label="Pay" />
      </Suspense>,
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.resolve());
    await screen.findByRole('button', { name: 'Pay 0' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('once preloaded, renders at once: the server draws it synchronously, with no fallback', async () => {
    const { load, calls } = controlledLoad();
    const Part = later(load);
    const preloaded = Part.preload();
    void Part.preload(); // asked twice, fetched once
    expect(calls).toHaveLength(1);
    calls[0]!.resolve();
    await preloaded;
    const html = renderToString(
      <Suspense fallback={<p>Loading…</p>}>
        <Part label="Track" />
      </Suspense>,
    );
    expect(html).toContain('<button type="button">Track');
    expect(html).not.toContain('Loading');
  });

  it('keeps its state when its parent renders again after the fetch (it is not mounted twice)', async () => {
    const { load, calls } = controlledLoad();
    const Part = later(load);
    function Parent() {
      const [n, setN] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setN(n + 1)}>
            Parent {n}
          </button>
          <Suspense fallback={<p>Loading…</p>}>
            <Part label="Part" />
          </Suspense>
        </>
      );
    }
    render(<Parent />);
    await act(async () => calls[0]!.resolve());
    fireEvent.click(await screen.findByRole('button', { name: 'Part 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Parent 0' }));
    screen.getByRole('button', { name: 'Part 1' }); // throws unless the part kept its count
  });

  it('a failed fetch does not reject preload(), and the next preload() fetches again', async () => {
    const { load, calls } = controlledLoad();
    const Part = later(load);
    const first = Part.preload();
    calls[0]!.reject(new Error('offline'));
    await expect(first).resolves.toBeUndefined();
    const second = Part.preload();
    expect(calls).toHaveLength(2);
    calls[1]!.resolve();
    await second;
    render(<Part label="Again" />);
    screen.getByRole('button', { name: 'Again 0' }); // at once: no Suspense boundary needed
  });
});
