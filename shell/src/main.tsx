import '@adire/ui/tokens.css';
import './global.css';
import { api } from '@adire/api-client';
import { reportSharedInstances } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { registerApplication, start } from 'single-spa';
import { create } from 'zustand';
import { loadCategories, runHandshake } from './boot/handshake';
import { applySyncVersion } from './boot/storage';
import { resilientLifecycles } from './federation/resilient';
import { loadManifest } from './federation/remotes';
import { Layout } from './layout/Layout';
import { isCatalogRoute, isCheckoutRoute } from './routes';

reportSharedInstances('shell', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });
try {
  applySyncVersion(window.localStorage);
} catch {
  // storage disabled: nothing stored to wipe
}

void loadManifest();

// The frame first (synchronously), so every region exists before an application mounts into it.
const root = ReactDOMClient.createRoot(document.getElementById('shell-root')!);
flushSync(() => root.render(<Layout />));

void runHandshake();
void loadCategories();

const region = (id: string) => () => ({ domElement: document.getElementById(id)! });

await loadManifest();
registerApplication({
  name: 'catalog',
  app: async () => resilientLifecycles('catalog', 'The catalogue') as never,
  activeWhen: (location) => isCatalogRoute(location.pathname),
  customProps: region('app-catalog'),
});
registerApplication({
  name: 'checkout',
  app: async () => resilientLifecycles('checkout', 'Checkout') as never,
  activeWhen: (location) => isCheckoutRoute(location.pathname),
  customProps: region('app-checkout'),
});
start({ urlRerouteOnly: true });
