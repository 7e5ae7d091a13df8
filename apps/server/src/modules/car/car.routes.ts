import { CarDeviceListQuery, CarExportQuery } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.js';
import { parse } from '../../lib/validate.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { userOf } from '../../plugins/auth.js';
import { CAR_EXPORT_COLUMNS, type CarService } from './car.service.js';

export function carRoutes(app: FastifyInstance, cars: CarService): void {
  app.post('/api/car/getCarDeviceList', { config: { permission: 'customer:view' } }, async (request) =>
    ok(await cars.list(userOf(request), parse(CarDeviceListQuery, request.body))),
  );

  app.post('/api/car/download', { config: { permission: 'customer:view' } }, async (request, reply) => {
    const q = parse(CarExportQuery, request.body);
    return sendXlsx(reply, exportFileName('客户车辆'), CAR_EXPORT_COLUMNS, cars.exportPages(userOf(request), q));
  });
}
