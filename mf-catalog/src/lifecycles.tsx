import { reportSharedInstances, type MountProps } from '@adire/contracts/remotes';
import { api } from '@adire/api-client';
import { readPageData, wantsLessData, type Currency } from '@adire/contracts';
import { bus } from '@adire/event-bus';
import { FirstRenderCurrency } from '@adire/ui';
import React, { useState } from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import { create } from 'zustand';
import { reactLifecycles } from '@adire/ui/lifecycles';
import { CatalogApp, pageReady } from './CatalogApp';
import { LessData } from './ui/lessData';
import type { Answers } from './ssr/serverDraw';
import { seedAnswers } from './useApi';

reportSharedInstances('catalog', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

/** The currency the server drew this page's prices in, while the page hydrates (null otherwise). */
let hydratingIn: Currency | null = null;
/** Whether the server drew this page for `Save-Data: on`, while the page hydrates (null otherwise). */
let hydratingLess: boolean | null = null;

function CatalogRoot() {
  // Prices hydrate as the server drew them; the shell's currency takes over right after. Constant for
  // the page's life (an update would reach parts of the page still hydrating).
  const [drawnIn] = useState(hydratingIn);
  // Pictures as the server drew them (Save-Data or not), else as the browser says; constant likewise.
  const [lessData] = useState(() => hydratingLess ?? wantsLessData());
  return (
    <FirstRenderCurrency value={drawnIn}>
      <LessData value={lessData}>
        <CatalogApp />
      </LessData>
    </FirstRenderCurrency>
  );
}

const lifecycles = reactLifecycles({
  rootComponent: CatalogRoot,
  // A region the server drew with this release is hydrated: no second request, no flash.
  hydrate: () => !!hydratingIn,
  errorBoundary: () => <p role="alert">The catalogue hit a problem. Please reload the page.</p>,
});

/**
 * The server's drawing of the region (the shell hands it over only when this release drew it): the
 * answers it was drawn with seed the data layer, and the render hydrates instead of starting anew.
 */
function adoptServerDrawing(domElement: HTMLElement): void {
  hydratingIn = null;
  hydratingLess = null;
  if (!domElement.dataset.drawn) return;
  delete domElement.dataset.drawn; // a later mount into this element renders afresh
  const drawn = readPageData()?.regions.catalog;
  if (!drawn) return;
  seedAnswers(drawn.answers as Answers);
  hydratingIn = readPageData()!.currency;
  hydratingLess = readPageData()!.saveData === true;
}

/** The catalog's whole public surface: a single-spa application. */
export const bootstrap = lifecycles.bootstrap;
export const mount = async (props: MountProps) => {
  adoptServerDrawing(props.domElement);
  // A drawn page hydrates with its code at hand (the server preloads it): a page that suspended
  // mid-hydration would cost a throw and a second pass (see lazyPage).
  if (hydratingIn) await pageReady(window.location.pathname);
  return lifecycles.mount(props as never);
};
export const unmount = lifecycles.unmount;
