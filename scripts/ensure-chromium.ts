// Makes sure Debian's Chromium is there before the browser tests run. On Debian as root it
// installs the `chromium` package itself (and says so); elsewhere it stops with one clear line.
import { existsSync, readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { chromiumPath } from './chromium.ts';

const browser = chromiumPath();
if (!existsSync(browser)) {
  const isDebian = existsSync('/etc/debian_version') || /ID(_LIKE)?=.*debian/.test(readIfExists('/etc/os-release'));
  const isRoot = process.getuid?.() === 0;
  if (browser === '/usr/bin/chromium' && isDebian && isRoot) {
    console.log('Chromium is missing: installing Debian\'s "chromium" package (apt-get install -y chromium)…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } else {
    console.error(`No Chromium at ${browser}: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium binary.`);
    process.exit(1);
  }
}

function readIfExists(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
