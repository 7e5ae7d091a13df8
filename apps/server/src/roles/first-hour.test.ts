import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { DEMO_PASSWORD } from '../demo/seed-demo.js';
import { initialPasswordFile } from '../setup/initial-password-file.js';
import { playFirstHour } from '../test/first-hour.js';
import { startAllRole } from './all-role.js';

/**
 * Issue 29's first hour on the embedded database: the product started as a provider starts it
 * (`DEMO_DATA=0`, no simulator) on an empty data directory, then brought live through its API alone.
 */
describe('the first hour of a deployment on SQLite, without the demo', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-first-hour-'));
  const printed: string[] = [];
  let server: Awaited<ReturnType<typeof startAllRole>>;

  beforeAll(async () => {
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: '0', SIMULATOR: '0', PORT: '0', JT808_PORT: '0', HOST: '127.0.0.1' });
    server = await startAllRole(config, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await server?.stop();
    vi.restoreAllMocks();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the administrator\'s one-time password and no demo account, then goes live through the API', async () => {
    const password = /^password: (\S+)$/m.exec(fs.readFileSync(initialPasswordFile(dataDir), 'utf8'))![1]!;
    expect(printed.join('\n')).toContain(password);
    expect(printed.join('\n')).not.toContain(DEMO_PASSWORD);
    await playFirstHour(server.url, server.jt808Port, password);
    expect(fs.existsSync(initialPasswordFile(dataDir))).toBe(false);
  });
});
