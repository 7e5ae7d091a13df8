import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authCodeFile } from './auth-codes.js';

describe('the simulated terminals’ auth codes', () => {
  it('survive a restart of the simulator, in a file only its owner can read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-codes-'));
    const file = path.join(dir, 'codes.json');
    const first = authCodeFile(file);
    expect(first.get('13800000001')).toBeUndefined();
    first.set('13800000001', 'a'.repeat(32));
    first.flush();
    const again = authCodeFile(file);
    expect(again.get('13800000001')).toBe('a'.repeat(32));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    fs.rmSync(dir, { recursive: true });
  });

  it('start empty when the file is missing or unreadable', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cvrisk-codes-'));
    const file = path.join(dir, 'codes.json');
    fs.writeFileSync(file, '{not json');
    expect(authCodeFile(file).size).toBe(0);
    expect(authCodeFile(path.join(dir, 'none.json')).size).toBe(0);
    fs.rmSync(dir, { recursive: true });
  });
});
