import { formatTime, type FieldView } from '@cvrisk/contracts';
import { caseNo } from './case-mapping.js';
import type { CaseDetailService } from './case-detail.service.js';
import type { CaseRepository } from './case.repository.js';
import { linkGone, type LinkService } from './field-link.service.js';
import type { FieldRate } from './field-rate.js';

type Positions = FieldView['positions'];

/** The field page (no account): the link decides everything, the car's whereabouts are all it shows. */
export function createFieldService(deps: { links: LinkService; cases: CaseRepository; detail: CaseDetailService; rate: FieldRate }) {
  const { links, cases, detail, rate } = deps;

  async function positions(caseId: number): Promise<{ positions: Positions; stops: FieldView['stops'] }> {
    const { devices, stops } = await detail.carsNow(caseId);
    return {
      positions: devices.map((d) => ({ deviceNumber: d.deviceNumber, lng: d.lng, lat: d.lat, speed: d.speed, time: d.reportedAt, address: d.address, online: d.online })),
      stops: stops.map(({ carId: _car, ...s }) => s),
    };
  }

  /** The link a token opens, counted against the address; throws 404 with the reason, or 429. */
  async function admit(token: string, ip: string) {
    rate.admit(ip);
    const r = await links.resolve(token);
    if (!r.ok) {
      if (r.why === 'unknown') rate.missed(ip);
      throw linkGone(r.why);
    }
    return r.link;
  }

  return {
    admit,
    async view(token: string, ip: string, userAgent: string): Promise<FieldView> {
      const link = await admit(token, ip);
      await links.recordOpen(link.id, ip, userAgent);
      const [cars, now] = await Promise.all([cases.cars([link.caseId]), positions(link.caseId)]);
      const car = cars[0];
      return {
        caseNo: caseNo(link.caseId, link.openedAt),
        plateNumber: car?.plate_number || null, brand: car?.brand ?? null, expiresAt: formatTime(link.expiresAt),
        positions: now.positions, stops: now.stops,
      };
    },
    /** For the live stream: the positions now, or why the link stopped working. */
    async poll(token: string) {
      const r = await links.resolve(token);
      if (!r.ok) return { gone: r.why } as const;
      return { positions: (await positions(r.link.caseId)).positions } as const;
    },
  };
}

export type FieldService = ReturnType<typeof createFieldService>;
