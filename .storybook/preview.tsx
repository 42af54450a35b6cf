import type { Decorator, Preview } from '@storybook/react-vite';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { SessionProvider } from '@pitlane/api/hooks';
import '../packages/ui/src/styles.css';
// Before any story renders: with PITLANE_RENDERER=preact, React's schedule on compat (scripts/renderer.ts; nothing on React).
import '@pitlane/ui/renderer-fixes';

// Stories that load data set their handlers with `beforeEach: ({ msw }) => msw.use(...)`;
// requests no story handles fall through to the network.
async function startWorker() {
  const worker = setupWorker();
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
  return worker;
}

/** The two widths every widget is designed and tested at (spec §9: mobile is < 768 px). */
export const viewports = {
  mobile: { name: 'Mobile 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
  desktop: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;

/** Stories that render links or read the URL set `parameters.router.initialEntries` (the first is where they start). */
type StoryParameters = {
  router?: { initialEntries?: string[] };
  frame?: 'padded' | 'bare';
  /** Widgets that read the signed-in user set `session: true` (answered by the story's MSW handlers). */
  session?: boolean;
};

/**
 * The toolbar's Theme (issue 21): the `dark` class on <html>, as the app's theme-init.js sets it.
 * Unset (the story tests) it leaves the page alone: the tests take a light and a dark screenshot
 * of every story themselves (vitest.setup.ts).
 */
const withTheme: Decorator = (Story, { globals }) => (
  <ThemeClass theme={(globals as { theme?: 'light' | 'dark' }).theme}>
    <Story />
  </ThemeClass>
);

/** wouter's router over a location in memory: links navigate without leaving the story. */
function StoryRouter({ path, children }: { path: string; children: ReactNode }) {
  const [{ hook }] = useState(() => memoryLocation({ path }));
  return <Router hook={hook}>{children}</Router>;
}

function ThemeClass({ theme, children }: { theme: 'light' | 'dark' | undefined; children: ReactNode }) {
  useLayoutEffect(() => {
    if (theme) document.documentElement.classList.toggle('dark', theme === 'dark');
  }, [theme]);
  return children;
}

const preview: Preview = {
  tags: ['autodocs', 'visual'],
  loaders: [mswLoader(startWorker)],
  parameters: {
    // Storybook adds no frame of its own; the Frame decorator below pads stories the same way in
    // the Storybook UI and in the story tests (which ignore `layout`). Full-page stories set
    // `frame: 'bare'`.
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    viewport: { options: viewports },
    // Accessibility violations fail the story test, not just warn in the panel.
    a11y: { test: 'error' },
  },
  initialGlobals: { viewport: { value: 'desktop', isRotated: false } },
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  decorators: [
    withTheme,
    // p-4 also leaves room for focus outlines, which sit 2 px outside a control.
    (Story, { parameters }) =>
      (parameters as StoryParameters).frame === 'bare' ? <Story /> : <div className="p-4"><Story /></div>,
    (Story, { parameters, id }) => (
      // A fresh cache per story (keyed by id) so one story's data never leaks into another.
      <QueryClientProvider key={id} client={newQueryClient()}>
        <StoryRouter path={(parameters as StoryParameters).router?.initialEntries?.[0] ?? '/'}>
          {(parameters as StoryParameters).session ? (
            <SessionProvider>
              <Story />
            </SessionProvider>
          ) : (
            <Story />
          )}
        </StoryRouter>
      </QueryClientProvider>
    ),
  ],
};
export default preview;

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
}
