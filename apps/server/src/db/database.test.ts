import { describe, expect, it } from 'vitest';
import { schemaInUrl } from './database.js';

describe('schemaInUrl', () => {
  it('names the schema a PostgreSQL URL sets its search path to, so migrations land there', () => {
    expect(schemaInUrl('postgres://u@db:5432/cvrisk?options=-c%20search_path%3Dtenant_a')).toBe('tenant_a');
    expect(schemaInUrl('postgres://u@db/cvrisk?sslmode=require&options=-c%20search_path%3Dtenant_b%2Cpublic')).toBe('tenant_b');
  });

  it('names none when the URL leaves the default, or is not a URL', () => {
    expect(schemaInUrl('postgres://u@db:5432/cvrisk')).toBeUndefined();
    expect(schemaInUrl('postgres://u@db/cvrisk?options=-c%20statement_timeout%3D5000')).toBeUndefined();
    expect(schemaInUrl(undefined)).toBeUndefined();
    expect(schemaInUrl('not a url')).toBeUndefined();
  });
});
