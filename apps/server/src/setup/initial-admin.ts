import type { Db } from '../db/database.js';
import { setUpEmptyDatabase } from './first-start.js';
import { writeInitialPasswordFile } from './initial-password-file.js';

/**
 * A first start without the demo: sets the platform up and tells whoever runs it, once, how to sign
 * in: the password is printed here and left in `DATA_DIR/initial-admin-password` (0600). Answers
 * whether this start did it.
 */
export async function setUpPlatformIfEmpty(db: Db, dataDir: string, print: (line: string) => void = console.log): Promise<boolean> {
  const admin = await setUpEmptyDatabase(db);
  if (!admin) return false;
  let where: string;
  try {
    where = `also in ${writeInitialPasswordFile(dataDir, admin.username, admin.password)} (readable by this user only; removed once you change it)`;
  } catch (err) {
    where = `NOT saved to a file (${err instanceof Error ? err.message : String(err)}): copy it from here`;
  }
  print('');
  print('cvrisk: empty database: created the platform department, the built-in roles and the platform administrator.');
  print(`  user:     ${admin.username}`);
  print(`  password: ${admin.password}   (one-time: you choose your own at the first sign-in)`);
  print(`  ${where}`);
  print('  It is shown only this once. Lost it? npm run admin -- reset-password admin');
  print('');
  return true;
}
