// @vitest-environment jsdom
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useId, useState } from 'react';
import { reactLifecycles } from '../src/lifecycles';

// As in the browser: React schedules its own work, and a lifecycle's promise says when it is done.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

type Props = { name: string; domElement: HTMLElement; greeting?: string };

function Region({ greeting = 'Hello' }: Props) {
  const id = useId();
  const [taps, setTaps] = useState(0);
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{greeting}</h2>
      <button type="button" onClick={() => setTaps(taps + 1)}>Tapped {taps}</button>
    </section>
  );
}

function Broken(): never {
  throw new Error('no flowers today');
}

const region = () => {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
};

describe('reactLifecycles', () => {
  it('mounts a root into the element, resolves once it is drawn, updates with new props and unmounts', async () => {
    const lifecycles = reactLifecycles<Props>({ rootComponent: Region, errorBoundary: () => <p role="alert">Problem</p> });
    const domElement = region();
    await lifecycles.bootstrap({ name: 'catalog', domElement });
    await lifecycles.mount({ name: 'catalog', domElement });
    expect(domElement.querySelector('h2')?.textContent).toBe('Hello');
    await lifecycles.update({ name: 'catalog', domElement, greeting: 'Welcome back' });
    expect(domElement.querySelector('h2')?.textContent).toBe('Welcome back');
    await lifecycles.unmount({ name: 'catalog', domElement });
    expect(domElement.innerHTML).toBe('');
  });

  it('starts drawing inside mount itself, so a transition around the call covers the render', () => {
    const lifecycles = reactLifecycles<Props>({ rootComponent: Region, errorBoundary: () => null });
    const domElement = region();
    const started = lifecycles.mount({ name: 'cart', domElement });
    // before the promise settles, React already has a root on the element
    expect(Object.keys(domElement).some((key) => key.startsWith('__reactContainer$'))).toBe(true);
    return started;
  });

  it('renders a mount in slices, with other tasks in between, even when the mount was called outside any transition', async () => {
    // A region of 12 parts that each take 2 ms to draw: one blocking render would run them all in a
    // single task; a transition yields to the page every few milliseconds.
    const drawn: string[] = [];
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) {
        // drawing
      }
    };
    function Part({ n }: { n: number }) {
      busy(2);
      drawn.push(`part ${n}`);
      return <li>{n}</li>;
    }
    function Slow() {
      return <ul>{Array.from({ length: 12 }, (_, n) => <Part key={n} n={n} />)}</ul>;
    }
    const lifecycles = reactLifecycles<Props>({ rootComponent: Slow, errorBoundary: () => null });
    await Promise.resolve(); // as a remote whose mount awaited something first
    const mounted = lifecycles.mount({ name: 'checkout', domElement: region() });
    const other = setInterval(() => drawn.push('another task'), 1);
    await mounted;
    clearInterval(other);
    const parts = drawn.flatMap((entry, at) => (entry.startsWith('part') ? [at] : []));
    expect(parts).toHaveLength(12);
    expect(drawn.slice(parts[0], parts.at(-1)), drawn.join(', ')).toContain('another task');
  });

  it('hydrates what the server drew, keeping its elements and ids, and the region then answers taps', async () => {
    const domElement = region();
    domElement.innerHTML = renderToString(<Region name="catalog" domElement={domElement} />);
    const drawnHeading = domElement.querySelector('h2')!;
    const errors = vi.spyOn(console, 'error');
    const lifecycles = reactLifecycles<Props>({ rootComponent: Region, errorBoundary: () => null, hydrate: () => true });
    await lifecycles.mount({ name: 'catalog', domElement });
    expect(domElement.querySelector('h2')).toBe(drawnHeading);
    expect(errors).not.toHaveBeenCalled();
    domElement.querySelector('button')!.click();
    await settled();
    expect(domElement.querySelector('button')!.textContent).toBe('Tapped 1');
  });

  it('shows the error boundary when the tree throws, and keeps the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const lifecycles = reactLifecycles<Props>({ rootComponent: Broken, errorBoundary: (error) => <p role="alert">The catalogue hit a problem: {(error as Error).message}</p> });
    const domElement = region();
    await lifecycles.mount({ name: 'catalog', domElement });
    expect(domElement.querySelector('[role="alert"]')?.textContent).toBe('The catalogue hit a problem: no flowers today');
  });

  it('fails the mount with the error when starting the render throws (not a promise that never settles)', async () => {
    const lifecycles = reactLifecycles<Props>({
      rootComponent: Region,
      errorBoundary: () => null,
      hydrate: () => {
        throw new Error('the drawing cannot be read');
      },
    });
    await expect(lifecycles.mount({ name: 'catalog', domElement: region() })).rejects.toThrow('the drawing cannot be read');
  });

  it('refuses a mount without an element, or a second mount of the same name, with a sentence', async () => {
    const lifecycles = reactLifecycles<Props>({ rootComponent: Region, errorBoundary: () => null });
    await expect(lifecycles.mount({ name: 'cart' } as Props)).rejects.toThrow('cart was mounted without a domElement to draw into');
    const domElement = region();
    await lifecycles.mount({ name: 'cart', domElement });
    await expect(lifecycles.mount({ name: 'cart', domElement })).rejects.toThrow('cart is already mounted');
    await expect(lifecycles.update({ name: 'account', domElement })).rejects.toThrow('account is not mounted');
  });
});
