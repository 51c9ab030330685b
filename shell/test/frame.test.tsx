import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { renderFrameKeepingDrawnRegions } from '../src/layout/FrameCommitted';

// What the server drew: its own frame, and the catalogue region drawn by the catalogue's release.
const DRAWN =
  '<header>drawn header</header><main><div id="app-catalog" data-region="catalog"><div class="region-app" data-drawn="1.0.0"><h1>Roses</h1></div></div></main>';

function Frame() {
  return (
    <>
      <header>the shell's header</header>
      <main>
        <div id="app-catalog" data-region="catalog" />
        <div id="app-checkout" data-region="checkout" />
      </main>
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the shell's frame over the page the server drew", () => {
  it('keeps the drawn page until the frame commits, then has the same drawn region element in the new frame', async () => {
    const container = document.createElement('div');
    container.id = 'shell-root';
    container.innerHTML = DRAWN;
    document.body.append(container);
    const drawnRegion = container.querySelector('.region-app')!;

    const root = createRoot(container);
    const committed = renderFrameKeepingDrawnRegions(container, root, <Frame />);
    // A transition: nothing is rendered in this task, and the page the server drew is still there.
    expect(container.querySelector('header')!.textContent).toBe('drawn header');
    await committed;

    expect(container.querySelectorAll('header')).toHaveLength(1);
    expect(container.querySelector('header')!.textContent).toBe("the shell's header");
    const region = container.querySelector('#app-catalog')!;
    expect(region.firstElementChild).toBe(drawnRegion);
    expect(region.textContent).toBe('Roses');
    expect(container.querySelector('#app-checkout')!.childElementCount).toBe(0);
    root.unmount();
  });

  it('resolves on a page with nothing drawn', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await renderFrameKeepingDrawnRegions(container, root, <Frame />);
    expect(container.querySelector('#app-catalog')).not.toBeNull();
    expect(container.querySelectorAll('.region-app')).toHaveLength(0);
    root.unmount();
  });
});
