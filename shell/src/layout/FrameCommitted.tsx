import { startTransition, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';

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

/**
 * Renders the shell's frame into `root` (made on `container`) as a transition: React renders it in
 * slices of a few milliseconds, and the page the server drew stays on screen until the frame is
 * committed. The regions the server drew (`[data-region] > .region-app[data-drawn]`) are kept across
 * the commit: React empties the container, and the frame's layout effect puts each drawn region into
 * the region of the same id, in the same task (nothing paints in between), for its application to
 * hydrate. Resolves once the frame is in the document.
 */
export function renderFrameKeepingDrawnRegions(container: HTMLElement, root: Root, frame: ReactNode): Promise<void> {
  const drawnRegions = [...container.querySelectorAll<HTMLElement>('[data-region] > .region-app[data-drawn]')].map(
    (element) => [element.parentElement!.id, element] as const,
  );
  return new Promise<void>((committed) => {
    const keepDrawnRegions = () => {
      for (const [id, element] of drawnRegions) container.querySelector(`[id="${id}"]`)?.append(element);
      committed();
    };
    startTransition(() => root.render(<FrameCommitted onCommit={keepDrawnRegions}>{frame}</FrameCommitted>));
  });
}
