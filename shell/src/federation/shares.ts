import * as api from '@adire/api-client';
import type { ShareScope } from '@adire/contracts/shares';
import { providedNow } from '@adire/contracts/shares';
import * as domain from '@adire/domain';
import * as bus from '@adire/event-bus';
import * as router from '@adire/router';
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as reactDomClient from 'react-dom/client';
import * as jsxRuntime from 'react/jsx-runtime';
import * as zustand from 'zustand';
import versions from 'virtual:adire-shared-versions';

const shell = (library: unknown) => providedNow(library, 'shell');

/**
 * The libraries every remote takes from the shell (SHARED_SINGLETONS in @adire/federation-config),
 * at the versions the shell was built with: one React, one router, one store library, one bus, one
 * API client and one domain for the whole page. Each remote's container gets this scope in `init`.
 */
export const SHARE_SCOPE: ShareScope = {
  react: { [versions.react]: shell(react) },
  'react/jsx-runtime': { [versions.react]: shell(jsxRuntime) },
  'react-dom': { [versions['react-dom']]: shell(reactDom) },
  'react-dom/client': { [versions['react-dom']]: shell(reactDomClient) },
  '@adire/router': { [versions['@adire/router']]: shell(router) },
  zustand: { [versions.zustand]: shell(zustand) },
  '@adire/event-bus': { [versions['@adire/event-bus']]: shell(bus) },
  '@adire/api-client': { [versions['@adire/api-client']]: shell(api) },
  '@adire/domain': { [versions['@adire/domain']]: shell(domain) },
};
