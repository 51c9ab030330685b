import { api } from '@adire/api-client';
import { reportSharedInstances } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import { create } from 'zustand';
import { reactLifecycles } from '@adire/ui/lifecycles';
import { CartDrawer } from './CartDrawer';
import { wireCartToBus } from './cartStore';

reportSharedInstances('cart', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

const drawer = reactLifecycles({
  rootComponent: CartDrawer,
  errorBoundary: () => <p role="alert">The cart hit a problem. Please reload the page.</p>,
});

/**
 * The cart's whole public surface: a single-spa parcel (the slide-in drawer). It listens to the bus
 * from its first mount, not when this module is evaluated: the shell loads the module ahead when the
 * pointer rests on the Cart button, and a cart listening then, with no drawer mounted, would take the
 * tap's 'cart:open' that the bus holds for the cart until it listens (HELD_EVENTS), and the shell mounts
 * the drawer on — the drawer would never open.
 */
export const { bootstrap, unmount } = drawer;
export const mount: typeof drawer.mount = (props) => {
  wireCartToBus();
  return drawer.mount(props);
};
