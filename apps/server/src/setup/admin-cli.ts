import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { resetPasswordFromCommandLine } from './reset-password.js';

const USAGE = `npm run admin -- reset-password <user>
  Gives the user a new one-time password (printed here, changed at their next sign-in), ends their
  sessions and clears their sign-in lock; the audit log records it under 命令行.
  The database is the server's: DATA_DIR or DATABASE_URL, as for npm start. The server may be running.`;

async function main(args: string[]): Promise<void> {
  const [command, username, ...rest] = args;
  if (command !== 'reset-password' || !username || rest.length) {
    console.log(USAGE);
    if (command !== '--help' && command !== '-h') process.exitCode = 2;
    return;
  }
  const handle = openDatabase(loadConfig());
  try {
    const { password, stillRefused } = await resetPasswordFromCommandLine(handle.db, username);
    console.log(`${username}: new one-time password ${password}`);
    console.log('  It must be changed at the next sign-in; the account\'s sessions have ended.');
    for (const reason of stillRefused) console.log(`  注意：${reason}`);
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error('admin:', err instanceof Error ? err.message : err);
  process.exit(1);
});
