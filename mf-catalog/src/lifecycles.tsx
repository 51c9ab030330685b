import { reportSharedInstances } from '@adire/contracts/remotes';
import { api } from '@adire/api-client';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import singleSpaReact from 'single-spa-react';
import { create } from 'zustand';
import { CatalogApp } from './CatalogApp';

reportSharedInstances('catalog', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

/** The catalog's whole public surface: a single-spa application. */
export const { bootstrap, mount, unmount } = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: CatalogApp,
  errorBoundary: () => <p role="alert">The catalogue hit a problem. Please reload the page.</p>,
});
