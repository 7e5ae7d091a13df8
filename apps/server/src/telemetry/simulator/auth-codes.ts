import fs from 'node:fs';
import path from 'node:path';

/** The file's name in DATA_DIR, shared by the server's demo fleet and `npm run simulate`. */
export const AUTH_CODES_FILE = 'simulator-auth-codes.json';

/** Where simulated terminals keep the auth codes the platform gave them: a real terminal's flash. */
export interface AuthCodes {
  get(deviceNumber: string): string | undefined;
  set(deviceNumber: string, code: string): unknown;
}

/**
 * Auth codes kept in a JSON file (readable by its owner only), so a restarted simulator
 * authenticates as the terminals it registered before — the platform does not register a terminal
 * twice. Writes are gathered: at most one a second, and one more on `flush`.
 */
export function authCodeFile(file: string): AuthCodes & { flush(): void; readonly size: number } {
  const codes = new Map<string, string>();
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [n, c] of Object.entries(saved)) if (typeof c === 'string') codes.set(n, c);
  } catch {
    // No file yet (or an unreadable one): every terminal registers as new.
  }
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(Object.fromEntries(codes)), { mode: 0o600 });
    fs.renameSync(temporary, file);
  };
  return {
    get: (n) => codes.get(n),
    set(n, code) {
      codes.set(n, code);
      timer ??= setTimeout(flush, 1000);
    },
    flush,
    get size() {
      return codes.size;
    },
  };
}
