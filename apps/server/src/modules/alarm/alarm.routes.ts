import { AlarmExportQuery, AlarmListQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { userOf } from '../../plugins/auth.js';
import { ALARM_EXPORT_COLUMNS, type AlarmService } from './alarm.service.js';

/** 设备报警 (server-behaviour §6): the alarm types, the list and its export. */
export function alarmRoutes(app: FastifyInstance, alarms: AlarmService): void {
  app.get('/api/report/alarmWarning/getAlarmType', { config: { permission: 'warning:view' } }, async () => ok(alarms.types()));

  app.post('/api/report/gpsAlarm/findList', { config: { permission: 'warning:view' } }, async (request) =>
    ok(await alarms.list(userOf(request).scope, parse(AlarmListQuery, request.body))),
  );

  app.post('/api/report/gpsAlarm/download', { config: { permission: 'warning:export' } }, async (request, reply) => {
    const pages = alarms.exportPages(userOf(request).scope, parse(AlarmExportQuery, request.body));
    return sendXlsx(reply, exportFileName('设备报警'), ALARM_EXPORT_COLUMNS, pages);
  });
}
