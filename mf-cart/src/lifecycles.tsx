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
wireCartToBus();

/** The cart's whole public surface: a single-spa parcel (the slide-in drawer). */
export const { bootstrap, mount, unmount } = reactLifecycles({
  rootComponent: CartDrawer,
  errorBoundary: () => <p role="alert">The cart hit a problem. Please reload the page.</p>,
});
