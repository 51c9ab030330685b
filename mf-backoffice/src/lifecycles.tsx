import { api } from '@adire/api-client';
import { reportSharedInstances, type MountProps } from '@adire/contracts/remotes';
import { bus } from '@adire/event-bus';
import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { useNavigate } from '@adire/router';
import { create } from 'zustand';
import { reactLifecycles } from '@adire/ui/lifecycles';
import { BackofficeApp } from './BackofficeApp';
import { ErrorFallback } from './ErrorFallback';

reportSharedInstances('backoffice', { react: React, reactDom: ReactDOMClient, router: useNavigate, zustand: create, bus, api });

const lifecycles = reactLifecycles({ rootComponent: BackofficeApp, errorBoundary: () => <ErrorFallback /> });

/** The back office's whole public surface: a single-spa application on /backoffice/*. */
export const bootstrap = lifecycles.bootstrap;
export const mount = (props: MountProps) => lifecycles.mount(props as never);
export const unmount = lifecycles.unmount;
