/**
 * Where Debian's Chromium is and how every browser test starts it. Tests never download a
 * browser of their own (this machine has no internet beyond the package registries).
 */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Stable pixels for screenshot baselines.
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
];
