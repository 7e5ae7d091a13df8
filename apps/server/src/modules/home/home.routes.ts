import { HomeCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import type { HomeService } from './home.service.js';

/** Each figure's access is declared with it: the permission of the screen it summarises. */
export function homeRoutes(app: FastifyInstance, home: HomeService): void {
  route(app, HomeCalls.deviceOnline, async ({ user }) => home.deviceOnline(user.scope));
  route(app, HomeCalls.carCount, async ({ user }) => home.carCount(user.scope));
  route(app, HomeCalls.carProvinceCount, async ({ user }) => home.carProvinceCount(user.scope));
  route(app, HomeCalls.carCityCount, async ({ user, query }) => home.carCityCount(user.scope, query.province));
  route(app, HomeCalls.customerCount, async ({ user }) => home.customerCount(user.scope));
  route(app, HomeCalls.customerGrade, async ({ user }) => home.customerGrade(user.scope));
  route(app, HomeCalls.alarmCount, async ({ user }) => home.alarmCount(user.scope));
  route(app, HomeCalls.warningCount, async ({ user }) => home.warningCount(user.scope));
  route(app, HomeCalls.warningCount7day, async ({ user }) => home.warningCount7day(user.scope));
  route(app, HomeCalls.warningCount30day, async ({ user }) => home.warningCount30day(user.scope));
  route(app, HomeCalls.customerWarningStatistics, async ({ user }) => home.customerWarningStatistics(user.scope));
  route(app, HomeCalls.warningDetails, async ({ user }) => home.warningDetails(user.scope));
  route(app, HomeCalls.warningListWeek, async ({ user }) => home.warningListWeek(user.scope));
}
