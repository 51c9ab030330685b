import { api } from '@adire/api-client';
import { reportSharedInstances } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import singleSpaReact from 'single-spa-react';
import { create } from 'zustand';
import { CheckoutApp } from './CheckoutApp';

reportSharedInstances('checkout', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

/** The checkout's whole public surface: a single-spa application (checkout and order tracker). */
export const { bootstrap, mount, unmount } = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: CheckoutApp,
  errorBoundary: () => <p role="alert">The checkout hit a problem. Please reload the page.</p>,
});
