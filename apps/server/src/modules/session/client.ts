import type { FastifyRequest } from 'fastify';
import type { Client } from './session.service.js';

/** The address (as the trusted proxy names it) and browser of a request: what a session remembers of its sign-in. */
export function clientOf(request: FastifyRequest): Client {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua : '' };
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/MicroMessenger\/(\d+)/, '微信'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * "Chrome 120 · Windows": enough for an owner to recognise a device in a session list. Unknown agents
 * (a script, an old session) show the start of what they sent, or nothing.
 */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = BROWSERS.map(([re, name]) => {
    const m = re.exec(userAgent);
    return m ? `${name} ${m[1]}` : null;
  }).find((b) => b !== null);
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (!browser) return userAgent.slice(0, 40);
  return system ? `${browser} · ${system}` : browser;
}
