import { describe, expect, it } from 'vitest';
import { isPublicPath, loginPathFor, safeRedirect } from './guard';

describe('route guard', () => {
  it('lets /login, /register, /404 and /401 through without a token', () => {
    for (const p of ['/login', '/register', '/404', '/401']) expect(isPublicPath(p)).toBe(true);
    for (const p of ['/', '/index', '/report/basicDevice', '/4044']) expect(isPublicPath(p)).toBe(false);
  });

  it('sends other paths to login with the path and query to come back to', () => {
    expect(loginPathFor('/report/basicDevice', '?state=offline&pageNumber=2')).toBe(
      '/login?redirect=%2Freport%2FbasicDevice%3Fstate%3Doffline%26pageNumber%3D2',
    );
    expect(loginPathFor('/')).toBe('/login');
  });

  it('follows only in-console redirects', () => {
    expect(safeRedirect('/risk/customerCars?loanStatus=overdue')).toBe('/risk/customerCars?loanStatus=overdue');
    expect(safeRedirect(null)).toBe('/index');
    expect(safeRedirect('https://evil.example')).toBe('/index');
    expect(safeRedirect('//evil.example')).toBe('/index');
    expect(safeRedirect('/login?redirect=/x')).toBe('/index');
  });
});
