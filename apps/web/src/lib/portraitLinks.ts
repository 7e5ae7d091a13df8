/** The user portrait (console-spec §2: hidden route under /risk) of a customer, or of whoever's car a device is on. */
export function portraitPath(target: { customerId: number; carId?: number | null } | { deviceNumber: string }): string {
  if ('deviceNumber' in target) return `/risk/userPortrait?${new URLSearchParams({ deviceNumber: target.deviceNumber })}`;
  const q = new URLSearchParams({ customerid: String(target.customerId) });
  if (target.carId) q.set('carid', String(target.carId));
  return `/risk/userPortrait?${q}`;
}
