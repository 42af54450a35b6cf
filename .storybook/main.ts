import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import './node-guard.ts';

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
    return viteConfig;
  },
};
export default config;
