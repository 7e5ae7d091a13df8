import fs from 'node:fs';
import path from 'node:path';
import { openApiText } from '@cvrisk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';

const FILE = path.resolve(import.meta.dirname, '../../../../../docs/openapi.json');

describe('docs/openapi.json', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the document the declarations give today', () => {
    const checkedIn = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '';
    // One plain failure line instead of a diff of thousands: the fix is to regenerate, not to read.
    if (checkedIn !== openApiText()) expect.fail('docs/openapi.json is out of date: run npm run openapi');
  });

  it('is the same document on any day (defaults that move with the date are described, not stated)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2031, 4, 17, 18, 0, 0));
    const later = openApiText();
    vi.useRealTimers();
    expect(later === openApiText()).toBe(true);
  });
});
