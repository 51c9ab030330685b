import { api } from '@adire/api-client';
import { reportSharedInstances } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import singleSpaReact from 'single-spa-react';
import { create } from 'zustand';
import { AccountDropdown } from './AccountDropdown';
import { watchSession } from './session';

watchSession();
reportSharedInstances('account', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

/** The account's whole public surface: a single-spa parcel (the header dropdown). */
export const { bootstrap, mount, unmount } = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: AccountDropdown,
  errorBoundary: () => <p role="alert">The account hit a problem. Please reload the page.</p>,
});
