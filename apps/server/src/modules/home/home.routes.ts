import type { Permission } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import type { Scope } from '../../lib/scope.js';
import { ok } from '../../lib/reply.js';
import { userOf } from '../../plugins/auth.js';
import type { HomeService } from './home.service.js';

type Figure = keyof HomeService;

/**
 * Each figure needs the permission of the screen it summarises: warning and alarm figures
 * `warning:view`, customer figures `customer:view`; device and car counts any signed-in user.
 */
const PERMISSIONS: Record<Figure, Permission | undefined> = {
  deviceOnline: undefined,
  carCount: undefined,
  carProvinceCount: undefined,
  customerCount: 'customer:view',
  customerGrade: 'customer:view',
  alarmCount: 'warning:view',
  warningCount: 'warning:view',
  warningCount7day: 'warning:view',
  warningCount30day: 'warning:view',
  customerWarningStatistics: 'warning:view',
  warningDetails: 'warning:view',
  warningListWeek: 'warning:view',
};

export function homeRoutes(app: FastifyInstance, home: HomeService): void {
  for (const [name, permission] of Object.entries(PERMISSIONS) as [Figure, Permission | undefined][]) {
    const figure = home[name] as (scope: Scope) => Promise<unknown>;
    app.get(`/api/indexMonitoring/${name}`, { config: permission ? { permission } : {} }, async (request) => ok(await figure(userOf(request).scope)));
  }
}
