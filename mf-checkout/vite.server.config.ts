import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serverDrawBuild } from '@adire/federation-config';

/** The checkout's server draw module, dist/server/draw.mjs (see serverDrawBuild). */
export default defineConfig(serverDrawBuild([react()]));
