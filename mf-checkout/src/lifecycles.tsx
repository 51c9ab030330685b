import { api } from '@adire/api-client';
import { reportSharedInstances, type MountProps } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import singleSpaReact from 'single-spa-react';
import { create } from 'zustand';
import { CheckoutApp } from './CheckoutApp';

reportSharedInstances('checkout', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: CheckoutApp,
  errorBoundary: () => <p role="alert">The checkout hit a problem. Please reload the page.</p>,
});

/**
 * The checkout's whole public surface: a single-spa application (checkout and order tracker). A
 * region the server drew (its frame only) is rendered over, not hydrated: React replaces it in the
 * same commit as its first render, so nothing flashes.
 */
export const bootstrap = lifecycles.bootstrap;
export const mount = (props: MountProps) => {
  delete props.domElement.dataset.drawn;
  return lifecycles.mount(props as never);
};
export const unmount = lifecycles.unmount;
