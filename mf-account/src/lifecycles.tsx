import { api } from '@adire/api-client';
import { ACCOUNT_APP_NAME } from '@adire/contracts';
import { reportSharedInstances } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React, { lazy, Suspense } from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import { create } from 'zustand';
import { reactLifecycles } from '@adire/ui/lifecycles';
import { AccountDropdown } from './AccountDropdown';
import { watchSession } from './session';

watchSession();
reportSharedInstances('account', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

const errorBoundary = () => <p role="alert">The account hit a problem. Please reload the page.</p>;

/** The header dropdown (a parcel): every page with the main header. */
const dropdown = reactLifecycles({ rootComponent: AccountDropdown, errorBoundary });

// The account pages' code is its own chunk, fetched only on /account: the header's dropdown never loads it.
const AccountPages = lazy(() => import('./pages/AccountPages').then((m) => ({ default: m.AccountPages })));
function PagesRoot() {
  return (
    <Suspense fallback={<p role="status">Loading your account…</p>}>
      <AccountPages />
    </Suspense>
  );
}
/** The /account pages (an application the shell registers for /account*). */
const pages = reactLifecycles({ rootComponent: PagesRoot, errorBoundary });

type Props = { name?: string } & Record<string, unknown>;
const pick = (props: Props) => (props?.name === ACCOUNT_APP_NAME ? pages : dropdown);

/** The account's whole public surface: the header parcel, and the /account application (by its name). */
export const bootstrap = (props: Props) => pick(props).bootstrap(props as never);
export const mount = (props: Props) => pick(props).mount(props as never);
export const unmount = (props: Props) => pick(props).unmount(props as never);
