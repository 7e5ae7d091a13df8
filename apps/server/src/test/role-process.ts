import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A server process of one role, started from source as `npm start` would run the build. */
export type RoleProcess = {
  role: string;
  /** The port it listens on: the API's HTTP port, or the gateway's JT/T 808 port. */
  port: number;
  child: ChildProcess;
  /** What it printed to stderr (warnings, errors), for a failing test's message. */
  stderr(): string;
  /** kill -9: nothing of it runs its shutdown. */
  kill(): Promise<void>;
};

/**
 * Starts `node apps/server/src/main.ts` with `ROLE` and `env`, and resolves once it printed that it is
 * ready (with the port it took, as main.ts prints it), or rejects with what it printed on failing.
 */
export function startRoleProcess(role: 'gateway' | 'worker' | 'api', env: Record<string, string>, timeoutMs = 90_000): Promise<RoleProcess> {
  const child = spawn(process.execPath, ['--conditions=cvrisk-source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, ROLE: role, PORT: '0', JT808_PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (b: Buffer) => (err = (err + b.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const handle = (port: number): RoleProcess => ({
    role, port, child,
    stderr: () => err,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${role} did not start within ${timeoutMs} ms:\n${out}\n${err}`));
    }, timeoutMs);
    let port = 0;
    child.stdout!.on('data', (b: Buffer) => {
      out = (out + b.toString()).slice(-20_000);
      port ||= Number(/(?:JT\/T 808 on |console and API on http:\/\/)[\d.]+:(\d+)/.exec(out)?.[1] ?? 0);
      if (/ready in /.test(out)) {
        clearTimeout(timer);
        resolve(handle(port));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${role} exited (${code ?? signal}) before it was ready:\n${out}\n${err}`));
    });
  });
}
