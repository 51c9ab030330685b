import { api } from '@adire/api-client';
import { reportSharedInstances } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import { registerApplication, start } from 'single-spa';
import { create } from 'zustand';
import { readPageData, readStored } from '@adire/contracts';
import { browserTimeZone, chooseCurrency } from '@adire/domain';
import { publishFrameData } from './boot/frameData';
import { loadCategories, runHandshake } from './boot/handshake';
import { applySyncVersion } from './boot/storage';
import { nextTask } from './boot/nextTask';
import { resilientLifecycles } from './federation/resilient';
import { loadManifest, onRemoteStateChange, versionsOfPage } from './federation/remotes';
import { pageToken } from './federation/pageToken';
import { sendReport } from './federation/telemetry';
import { mainContentSettled } from './federation/settled';
import { watchDemand } from './federation/demand';
import { prefetchWhenIdle } from './federation/prefetch';
import { ranOf, wantsVersionReadout } from './federation/versions';
import { startFrame } from './layout/FrameCommitted';
import { Layout } from './layout/Layout';
import { isAccountRoute, isBackofficeRoute, isCatalogRoute, isCheckoutRoute } from './routes';
import { ACCOUNT_APP_NAME, type RemoteName } from '@adire/contracts';

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
if (pageData?.frame) publishFrameData(pageData.frame, chooseCurrency(readStored('currency'), browserTimeZone()).name);

// The frame first, so every region exists before an application mounts into it: hydrated where the
// server drew it (in the currency it was drawn in; the shopper's takes over right after), rendered
// anew otherwise, as a transition either way (see startFrame).
// Each in a task of its own (issue 42): the setup above, the start of the hydration (React's own
// setup: its listeners, the root), and, once the frame is committed, what follows.
const shellRoot = document.getElementById('shell-root')!;
await nextTask();
await startFrame(shellRoot, <Layout />, pageData?.currency ?? null);
await nextTask();

void runHandshake();
// The menu's categories came with a page the server drew.
if (!pageData?.frame?.categories) void loadCategories();

const region = (id: string) => () => ({ domElement: document.getElementById(id)! });

await loadManifest();
// A sampled page load measures its vitals for the releases it ran: that code and web-vitals come in a
// chunk of their own, only on such a page, after the boot (never blocking it).
if (pageToken()?.sampled) void import('./federation/vitals').then((m) => m.measureVitals(() => ranOf(versionsOfPage()), sendReport));
// Support and QA: `?versions` on any page shows which version of the shell and each remote it runs.
if (wantsVersionReadout(window.location.search)) void import('./federation/VersionsPanel').then((m) => m.showVersions({ versionsOfPage, onRemoteStateChange }));
// The route applications, each in its region: the catalogue, the checkout, the shopper's account pages
// (issue 33: the account remote, also the header's dropdown, as an application on /account*, its pages'
// code a chunk of their own fetched only there) and the staff's back office (fetched only on
// /backoffice; shopper pages never load it). One table: the home page's scripts are at their budget.
const applications: [string, RemoteName, string, (pathname: string) => boolean][] = [
  ['catalog', 'catalog', 'The catalogue', isCatalogRoute],
  ['checkout', 'checkout', 'Checkout', isCheckoutRoute],
  [ACCOUNT_APP_NAME, 'account', 'Your account', isAccountRoute],
  ['backoffice', 'backoffice', 'The back office', isBackofficeRoute],
];
for (const [name, remote, label, owns] of applications) {
  registerApplication({
    name,
    app: async () => resilientLifecycles(remote, label) as never,
    activeWhen: (location) => owns(location.pathname),
    customProps: region(`app-${remote}`),
  });
}
start({ urlRerouteOnly: true });
// The next likely remote (the checkout once the cart has something) is fetched ahead when idle.
prefetchWhenIdle();
