// npm run admin -- grant-operator <username>
// npm run admin -- revoke-operator <username>
//
// Site operators (issue 18, src/modules/moderation/README.md) review the site's moderation queue,
// suspend accounts and read the moderation log. The role is granted and revoked only here, by
// someone with access to the server's settings: there is no call or page for it. Reads DATA_DIR
// and DATABASE_URL as the server does; the embedded database needs the server stopped (its lock),
// PostgreSQL does not (the change applies at the person's next request).
import { eq } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema.ts';
import { databasePlace, lockedMessage, withMigratedDatabase, type OpenFailure } from './open-database.ts';

const USAGE = `Usage: npm run admin -- grant-operator <username>
       npm run admin -- revoke-operator <username>`;

/** A failure with a message meant for the person at the terminal (no stack trace). */
class AdminError extends Error {}

const COMMANDS = { 'grant-operator': true, 'revoke-operator': false } as const;

function parse(args: readonly string[]): { command: keyof typeof COMMANDS; username: string } {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const [command, username, ...rest] = args;
  if (!command || !(command in COMMANDS)) throw new AdminError(`${command === undefined ? 'No command given.' : `Unknown command ${JSON.stringify(command)}.`}\n${USAGE}`);
  if (!username || rest.length > 0) throw new AdminError(`${command} takes one username.\n${USAGE}`);
  return { command: command as keyof typeof COMMANDS, username: username.replace(/^@/, '') };
}

async function main(): Promise<void> {
  const { command, username } = parse(process.argv.slice(2));
  const config = loadConfig(process.env);
  const where = databasePlace(config);
  const openFailed = ({ locked, message }: OpenFailure) => new AdminError(locked ? lockedMessage(config, 'admin') : `Could not open ${where}. ${message}`);
  await withMigratedDatabase(config, { openFailed }, async (database) => {
    const operator = COMMANDS[command];
    const [person] = await database.db.select({ id: users.id, username: users.username, operator: users.operator }).from(users).where(eq(users.username, username));
    if (!person) throw new AdminError(`There is no account with the username @${username} in ${where}.`);
    if (person.operator === operator) {
      console.log(`@${person.username} ${operator ? 'is already an operator' : 'is not an operator'}; nothing changed.`);
      return;
    }
    await database.db.update(users).set({ operator }).where(eq(users.id, person.id));
    console.log(operator ? `@${person.username} is now a site operator.` : `@${person.username} is no longer a site operator.`);
  });
}

await main().catch((error: unknown) => {
  if (error instanceof AdminError || error instanceof ConfigError) console.error(error.message);
  else console.error('The admin command failed:', error);
  process.exitCode = 1;
});
