// Publishes the Storybook catalogue to Chromatic when a project token is set. Not part of CI:
// it needs a cloud account and network access this project's machines don't have.
import { spawnSync } from 'node:child_process';

if (!process.env.CHROMATIC_PROJECT_TOKEN) {
  console.log('chromatic: CHROMATIC_PROJECT_TOKEN is not set, nothing published. Set it to publish the Storybook to Chromatic.');
  process.exit(0);
}
const result = spawnSync('npx', ['chromatic', '--build-script-name', 'build-storybook', '--exit-zero-on-changes'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
