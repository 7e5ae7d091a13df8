import { AlarmCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { ALARM_EXPORT_COLUMNS, type AlarmService } from './alarm.service.js';

/** 设备报警 (server-behaviour §6): the alarm types, the list and its export. */
export function alarmRoutes(app: FastifyInstance, alarms: AlarmService): void {
  route(app, AlarmCalls.types, async () => alarms.types());
  route(app, AlarmCalls.list, async ({ user, body }) => alarms.list(user.scope, body));
  // The contract refuses a bad range before the stream starts, so it is a 400 and not a broken file.
  route(app, AlarmCalls.download, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('设备报警'), ALARM_EXPORT_COLUMNS, alarms.exportPages(user.scope, body)),
  );
}
