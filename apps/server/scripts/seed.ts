// npm run seed [-- --size tiny|small|medium|large]
//
// Fills the database the server uses (the embedded one in DATA_DIR, default ./data, or
// DATABASE_URL) with demo data: people with avatars, follows, communities with covers, posts
// with rendered pictures, likes, comments, saved posts, garages with build logs, notifications,
// reports in both moderation queues with one dismissed case in the log, the demo account and a
// site operator. It opens, migrates and builds the app exactly as `npm start` does, so
// everything goes through the real schema, media pipeline and services. Running it again
// changes nothing.
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { databasePlace, lockedMessage, withMigratedDatabase, type OpenFailure } from './open-database.ts';
import { DEMO_ACCOUNT, DEMO_EMAIL_DOMAIN, OPERATOR_ACCOUNT } from './seed/demo-account.ts';
import { seedDemoData, SeedConflictError, type SeedReport } from './seed/seed-demo-data.ts';
import { isSizeName, SIZE_NAMES, SIZES, type SizeName } from './seed/sizes.ts';

const USAGE = `Usage: npm run seed [-- --size ${SIZE_NAMES.join('|')}]   (default medium)`;

/** A failure with a message meant for the person running the seed (no stack trace). */
class SeedError extends Error {}

function sizeFromArguments(args: readonly string[]): SizeName {
  let size = 'medium';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (arg === '--size') {
      size = args[++i] ?? '';
    } else if (arg.startsWith('--size=')) {
      size = arg.slice('--size='.length);
    } else {
      throw new SeedError(`Unknown argument ${JSON.stringify(arg)}.\n${USAGE}`);
    }
  }
  if (!isSizeName(size)) throw new SeedError(`Unknown size ${JSON.stringify(size)}.\n${USAGE}`);
  return size;
}

/** "Pictures 120/489" on one line that updates itself (a line now and then when not a terminal). */
function progressPrinter(): (done: number, total: number) => void {
  let lastPrinted = 0;
  return (done, total) => {
    if (process.stdout.isTTY) {
      process.stdout.write(`\r  pictures ${done}/${total}${done === total ? '\n' : ''}`);
    } else if (done === total || done - lastPrinted >= Math.max(50, total / 10)) {
      lastPrinted = done;
      console.log(`  pictures ${done}/${total}`);
    }
  };
}

function printReport(report: Extract<SeedReport, { seeded: true }>): void {
  const c = report.counts;
  const rows: Array<[string, number, string?]> = [
    ['users', c.users, 'with avatars'],
    ['follows', c.follows],
    ['communities', c.communities, `with covers, ${c.members} memberships`],
    ['posts', c.posts, `${c.images} pictures`],
    ['likes', c.likes],
    ['comments', c.comments],
    ['saved posts', c.saves],
    ['blocks', c.blocks, `${c.mutes} mutes`],
    ['cars', c.cars, `${c.logEntries} build-log entries`],
    ['notifications', c.notifications, `${c.unread} unread, ${c.demoUnread} of them the demo account's`],
    ['post tags', c.tags, 'tags read from the posts (#e30, #trackday…)'],
    ['mentions', c.mentions, 'mention notifications'],
    ['reports', c.reports, `${c.openCases} open cases, ${c.moderationLog} dismissed (in the moderation log)`],
    ['meets', c.meets, `${c.meetRsvps} answers, ${c.meetReminders} people reminded of tomorrow's`],
  ];
  for (const [what, count, note] of rows) console.log(`  ${what.padEnd(14)}${String(count).padStart(6)}${note ? `   ${note}` : ''}`);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`Done in ${seconds(report.ms.total)} (pictures ${seconds(report.ms.pictures)}, database ${seconds(report.ms.database)}).`);
}

async function main(): Promise<void> {
  const size = sizeFromArguments(process.argv.slice(2));
  const loaded = loadConfig(process.env);
  // The seed serves nothing: no web app, and only errors in the log (not the SMTP notice).
  const config = { ...loaded, serveWebApp: false, logLevel: process.env.LOG_LEVEL ? loaded.logLevel : ('error' as const) };
  const where = databasePlace(config);
  const openFailed = ({ locked, message }: OpenFailure) => new SeedError(locked ? lockedMessage(config, 'seed') : `The seed could not open the database. ${message}`);
  await withMigratedDatabase(config, { openFailed }, async (database) => {
    const app = await buildApp(config, { database });
    try {
      const people = SIZES[size].users;
      console.log(`Seeding ${where} with demo data (size ${size}, ${people} people)…`);
      const report = await seedDemoData(app, { size, onProgress: progressPrinter() });
      if (report.seeded) {
        printReport(report);
      } else {
        console.log(`Already seeded: the demo account exists (${report.found} of the ${report.of} ${size} demo people); nothing was added.`);
        console.log('To seed another size, use an empty database (another DATA_DIR or DATABASE_URL).');
      }
      console.log(`\nSign in as ${DEMO_ACCOUNT.email} with the password ${DEMO_ACCOUNT.password} (@${DEMO_ACCOUNT.username}, ${DEMO_ACCOUNT.fullName}).`);
      console.log(`Every demo person signs in the same way: <username>@${DEMO_EMAIL_DOMAIN} with that password.`);
      console.log(`The site operator (the site's moderation queue and log, /moderation) is ${OPERATOR_ACCOUNT.email} (@${OPERATOR_ACCOUNT.username}, ${OPERATOR_ACCOUNT.fullName}).`);
    } finally {
      await app.close();
    }
  });
}

await main().catch((error: unknown) => {
  if (error instanceof SeedError || error instanceof ConfigError || error instanceof SeedConflictError) {
    console.error(error.message);
  } else {
    console.error('The seed failed:', error);
  }
  process.exitCode = 1;
});
