import { startTransition, useLayoutEffect, useRef, type ReactNode } from 'react';
import ReactDOMClient, { type Root } from 'react-dom/client';
import { frameDrawnIn, frameRuns } from './running';
import type { Currency } from '@adire/contracts';

/**
 * Calls `onCommit` once, when its children are first in the document and before the browser paints
 * them (a parent's layout effect runs after all of its children's).
 */
export function FrameCommitted({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  const called = useRef(false);
  useLayoutEffect(() => {
    if (called.current) return;
    called.current = true;
    onCommit();
  }, [onCommit]);
  return children;
}

/** The HTML of each route region as the server drew it, by region id, while the frame hydrates. */
const drawnRegions = new Map<string, string>();

/** What the server drew in the region `id` while the frame hydrates (its application hydrates it), or null. */
export function drawnRegionHtml(id: string): string | null {
  return drawnRegions.get(id) ?? null;
}

/** The frame the server drew into `container` (its root element), if any. */
const drawnFrame = (container: HTMLElement) => container.querySelector<HTMLElement>(':scope > [data-boundary="shell"]');

/**
 * Starts the shell's frame in `container`, as a transition (React works in slices of a few
 * milliseconds; one synchronous render of the frame was a 58 ms task on a slow machine, four times
 * that on Lighthouse's phone). A frame the server drew (in `drawnIn`) is hydrated: its elements are
 * kept, so the browser neither builds them again nor lays the page out again, and the route regions
 * keep what the server drew in them for their applications to hydrate. A page without a drawn
 * frame (the boot frame only) is rendered anew. A drawing that does not match is logged and drawn
 * again by the browser, as React recovers from it. Resolves once the frame is in the document.
 */
export function startFrame(container: HTMLElement, frame: ReactNode, drawnIn: Currency | null): Promise<Root> {
  const hydrating = drawnFrame(container) !== null;
  frameRuns(!hydrating);
  if (hydrating) {
    frameDrawnIn(drawnIn);
    for (const region of container.querySelectorAll<HTMLElement>('[data-region][id]')) {
      if (region.firstChild) drawnRegions.set(region.id, region.innerHTML);
    }
  }
  return new Promise<Root>((committed) => {
    let root: Root | null = null;
    const onCommit = () => {
      // Only the hydration needs the drawing: a region mounted again later starts empty.
      drawnRegions.clear();
      frameDrawnIn(null);
      frameRuns(true);
      committed(root!);
    };
    const app = <FrameCommitted onCommit={onCommit}>{frame}</FrameCommitted>;
    startTransition(() => {
      if (hydrating) {
        root = ReactDOMClient.hydrateRoot(container, app, {
          onRecoverableError: (error) => console.warn("[shell] the frame the server drew did not match the shell's; the browser drew it again:", error),
        });
      } else {
        root = ReactDOMClient.createRoot(container);
        root.render(app);
      }
    });
  });
}
