/**
 * Fixed headers every console request carries (console-spec §7): application identification,
 * the system code and the source. The server logs them; only the token header is required.
 */
export const CLIENT_HEADERS = {
  'X-App-Id': 'cvrisk-console',
  'X-App-Name': 'cvrisk',
  'X-System-Code': 'FK',
  'X-Source': 'web',
} as const;
