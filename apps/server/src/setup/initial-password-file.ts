import fs from 'node:fs';
import path from 'node:path';

/** Where a first start leaves the administrator's one-time password for whoever runs the service. */
export const initialPasswordFile = (dataDir: string) => path.join(dataDir, 'initial-admin-password');

/**
 * Written readable by the service's user only (0600, set again in case an older file was looser).
 * The log has the password too, once; this file is for when the log was not watched.
 */
export function writeInitialPasswordFile(dataDir: string, username: string, password: string): string {
  const file = initialPasswordFile(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const text = [
    '# cvrisk: the platform administrator\'s one-time password.',
    '# Sign in with it and choose your own; this file is removed when you do.',
    `user: ${username}`,
    `password: ${password}`,
    '',
  ].join('\n');
  fs.writeFileSync(file, text, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

/**
 * After `username` chose their own password: the file holding their one-time one has served its
 * purpose. Another user's change leaves it. In scale mode the file is on the disk of the process
 * that set the platform up; a change made through another process cannot reach it (deploy.md says so).
 */
export function removeInitialPasswordFile(dataDir: string, username: string): boolean {
  const file = initialPasswordFile(dataDir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if (!text.split('\n').includes(`user: ${username}`)) return false;
  fs.rmSync(file, { force: true });
  return true;
}
