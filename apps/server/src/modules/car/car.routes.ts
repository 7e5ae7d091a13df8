import { CarCalls } from '@cvrisk/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.js';
import { exportFileName, sendXlsx } from '../../lib/xlsx.js';
import { CAR_EXPORT_COLUMNS, type CarService } from './car.service.js';

export function carRoutes(app: FastifyInstance, cars: CarService): void {
  route(app, CarCalls.list, async ({ user, body }) => cars.list(user, body));

  route(app, CarCalls.export, async ({ user, body, reply }) =>
    sendXlsx(reply, exportFileName('客户车辆'), CAR_EXPORT_COLUMNS, cars.exportPages(user, body)),
  );
}
