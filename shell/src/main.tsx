import '@adire/ui/tokens.css';
import './global.css';
import { api } from '@adire/api-client';
import { reportSharedInstances } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import { registerApplication, start } from 'single-spa';
import { create } from 'zustand';
import { readPageData, readStored } from '@adire/contracts';
import { chooseCurrency } from '@adire/domain';
import { publishFrameData } from './boot/frameData';
import { loadCategories, runHandshake } from './boot/handshake';
import { applySyncVersion } from './boot/storage';
import { resilientLifecycles } from './federation/resilient';
import { loadManifest, versionsOfPage } from './federation/remotes';
import { pageToken } from './federation/pageToken';
import { sendReport } from './federation/telemetry';
import { mainContentSettled } from './federation/settled';
import { watchDemand } from './federation/demand';
import { prefetchWhenIdle } from './federation/prefetch';
import { ranOf, wantsVersionReadout } from './federation/versions';
import { startFrame } from './layout/FrameCommitted';
import { Layout } from './layout/Layout';
import { isBackofficeRoute, isCatalogRoute, isCheckoutRoute } from './routes';

reportSharedInstances('shell', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });
try {
  applySyncVersion(window.localStorage);
} catch {
  // storage disabled: nothing stored to wipe
}

void loadManifest();
// Listen before single-spa starts, so the first routing is seen.
void mainContentSettled();
// Remotes that load on demand (the cart on a first visit) are loaded when a command waits for them.
watchDemand();

// The shopper's currency marks the page (prices drawn in another one stay hidden until redrawn).
bus.on('currency:changed', (currency) => document.documentElement.setAttribute('data-shopper-currency', currency.name));
// A page the server drew carries the frame's data: the first render shows what the server drew, in
// the shopper's currency (the handshake confirms it when it answers).
const pageData = readPageData();
if (pageData?.frame) publishFrameData(pageData.frame, chooseCurrency(readStored('currency'), Intl.DateTimeFormat().resolvedOptions().timeZone).name);

// The frame first, so every region exists before an application mounts into it: hydrated where the
// server drew it (in the currency it was drawn in; the shopper's takes over right after), rendered
// anew otherwise, as a transition either way (see startFrame).
const shellRoot = document.getElementById('shell-root')!;
await startFrame(shellRoot, <Layout />, pageData?.currency ?? null);

void runHandshake();
// The menu's categories came with a page the server drew.
if (!pageData?.frame?.categories) void loadCategories();

const region = (id: string) => () => ({ domElement: document.getElementById(id)! });

await loadManifest();
// A sampled page load measures its vitals for the releases it ran: that code and web-vitals come in a
// chunk of their own, only on such a page, after the boot (never blocking it).
if (pageToken()?.sampled) void import('./federation/vitals').then((m) => m.measureVitals(() => ranOf(versionsOfPage()), sendReport));
// Support and QA: `?versions` on any page shows which version of the shell and each remote it runs.
if (wantsVersionReadout(window.location.search)) void import('./federation/VersionsPanel').then((m) => m.showVersions());
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
// The staff's back office: its remote is fetched only on /backoffice (shopper pages never load it).
registerApplication({
  name: 'backoffice',
  app: async () => resilientLifecycles('backoffice', 'The back office') as never,
  activeWhen: (location) => isBackofficeRoute(location.pathname),
  customProps: region('app-backoffice'),
});
start({ urlRerouteOnly: true });
// The next likely remote (the checkout once the cart has something) is fetched ahead when idle.
prefetchWhenIdle();
