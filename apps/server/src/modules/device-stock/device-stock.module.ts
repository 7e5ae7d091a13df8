import { sheetReaderFor } from '../../lib/sheet-reader.js';
import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createDeviceStockRepository } from './device-stock.repository.js';
import { deviceStockRoutes } from './device-stock.routes.js';
import { createDeviceStockService } from './device-stock.service.js';

/** 设备库存: import, transfer and retirement of terminals; the caches and connections of every process follow. */
export const deviceStockModule: AppModule = (app, { db, telemetry, config }) => {
  const service = createDeviceStockService({
    repo: createDeviceStockRepository(db),
    write: auditedWrite(db, createDeviceStockRepository),
    devicesEdited: (numbers) => telemetry.devicesEdited(numbers),
    disconnect: (number) => void telemetry.channel.disconnect(number),
    sheets: sheetReaderFor(config.sheetImport),
    registerWindowMs: config.jt808RegisterWindowMs,
  });
  deviceStockRoutes(app, service);
};
