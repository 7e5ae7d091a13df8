import type { AppModule } from '../app-module.js';
import { auditedWrite } from '../audit/audited-write.js';
import { createAlarmMappingRepository } from './alarm-mapping.repository.js';
import { alarmMappingRoutes } from './alarm-mapping.routes.js';
import { createAlarmMappingService } from './alarm-mapping.service.js';

export const alarmMappingModule: AppModule = (app, { db, telemetry }) =>
  alarmMappingRoutes(
    app,
    createAlarmMappingService({
      repo: createAlarmMappingRepository(db),
      write: auditedWrite(db, createAlarmMappingRepository),
      changed: () => telemetry.alarmMapping.invalidate(),
    }),
  );
