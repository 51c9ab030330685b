import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot } from 'react-dom/client';
import { screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { lazyPage } from '../src/lazyPage';

const Heading = () => <h1>Roses</h1>;

describe('a page fetched when first visited (lazyPage)', () => {
  it('draws at once once its code is here: a synchronous render, with no boundary to wait in, succeeds', async () => {
    let fetched = 0;
    const Page = lazyPage(async () => {
      fetched++;
      return Heading;
    });
    await Page.load();
    // Nothing drew it before: React has not seen its promise settle, so only the page's own memory of
    // its code lets it draw without waiting (React's lazy would suspend here, and so would use()).
    expect(renderToString(<Page />)).toBe('<h1>Roses</h1>');
    await Page.load();
    expect(fetched).toBe(1); // fetched once, however often asked
  });

  it('cannot draw synchronously before its code is here', () => {
    const Page = lazyPage(async () => Heading);
    expect(() => renderToString(<Page />)).toThrow();
  });

  it('waits in its Suspense boundary when its code is not here yet, then draws it', async () => {
    // As in a browser, outside React's test mode (which holds a suspended part's retry for an act()).
    const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = g.IS_REACT_ACT_ENVIRONMENT;
    g.IS_REACT_ACT_ENVIRONMENT = false;
    const element = document.body.appendChild(document.createElement('div'));
    const root = createRoot(element);
    onTestFinished(() => {
      root.unmount();
      element.remove();
      g.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    });
    let arrive!: (page: typeof Heading) => void;
    const Page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    root.render(
      <Suspense fallback={<p>Loading the page…</p>}>
        <Page />
      </Suspense>,
    );
    await screen.findByText('Loading the page…');
    arrive(Heading);
    await screen.findByRole('heading', { name: 'Roses' });
  });

  it('settles load() when the code cannot be fetched; drawing the page then shows the error', async () => {
    const Page = lazyPage(() => Promise.reject(new Error('offline')));
    await expect(Page.load()).resolves.toBeUndefined();
    expect(() => renderToString(<Page />)).toThrow();
  });
});
