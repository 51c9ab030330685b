import { api } from '@adire/api-client';
import { readPageData } from '@adire/contracts';
import { reportSharedInstances, type MountProps } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import { create } from 'zustand';
import { reactLifecycles } from '@adire/ui/lifecycles';
import { CheckoutApp } from './CheckoutApp';
import { drawnOrderIn } from './order/drawnOrder';
import { seedDrawnOrder } from './order/useCheckoutOrder';
import { shownFirst } from './parts';
import { stageForOrder, useStage } from './stage';

reportSharedInstances('checkout', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

const lifecycles = reactLifecycles({
  rootComponent: CheckoutApp,
  errorBoundary: () => <p role="alert">The checkout hit a problem. Please reload the page.</p>,
});

/**
 * The server's drawing of the region (the shell hands it over only when this release drew it): the
 * order it was drawn with is shown at once, in the stage it may show, without asking the API again.
 */
function adoptServerDrawing(domElement: HTMLElement): void {
  if (!domElement.dataset.drawn) return;
  delete domElement.dataset.drawn; // a later mount into this element renders afresh
  const orderId = new URLSearchParams(window.location.search).get('orderId');
  const order = window.location.pathname === '/checkout' ? drawnOrderIn(readPageData()?.regions.checkout?.answers, orderId) : null;
  if (!order) return;
  seedDrawnOrder(order);
  const { stage, setStage } = useStage.getState();
  setStage(stageForOrder(order, stage, new Date(), bus.last('settings:loaded')?.settings?.checkoutSettings));
}

/**
 * The checkout's whole public surface: a single-spa application (checkout and order tracker). A
 * region the server drew is rendered over, not hydrated (the server draws the guest's view; the
 * browser knows the shopper): React replaces it in the same commit as its first render, which shows
 * the same order in the same stage, so nothing flashes.
 */
export const bootstrap = lifecycles.bootstrap;
export const mount = async (props: MountProps) => {
  adoptServerDrawing(props.domElement);
  await shownFirst(window.location.pathname, useStage.getState().stage);
  return lifecycles.mount(props as never);
};
export const unmount = lifecycles.unmount;
