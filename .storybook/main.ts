import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import './node-guard.ts';
import { rendererAliases } from '../scripts/renderer.ts';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest', 'msw-storybook-addon'],
  // The MSW service worker lives here (package.json "msw.workerDirectory").
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    // Without the React plugin Vite 8 warns about "use client" directives in Radix.
    viteConfig.plugins = [...(viteConfig.plugins ?? []), react(), tailwindcss()];
    // The stories render on the renderer the app is built with (scripts/renderer.ts), first in the list.
    const alias = viteConfig.resolve?.alias ?? [];
    const existing = Array.isArray(alias) ? alias : Object.entries(alias).map(([find, replacement]) => ({ find, replacement }));
    viteConfig.resolve = { ...viteConfig.resolve, alias: [...rendererAliases, ...existing] };
    return viteConfig;
  },
};
export default config;
