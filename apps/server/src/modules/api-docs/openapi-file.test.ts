import fs from 'node:fs';
import path from 'node:path';
import { openApiText } from '@cvrisk/contracts';
import { describe, expect, it } from 'vitest';

const FILE = path.resolve(import.meta.dirname, '../../../../../docs/openapi.json');

describe('docs/openapi.json', () => {
  it('is the document the declarations give today', () => {
    const checkedIn = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : '';
    // One plain failure line instead of a diff of thousands: the fix is to regenerate, not to read.
    if (checkedIn !== openApiText()) expect.fail('docs/openapi.json is out of date: run npm run openapi');
  });
});
