import type { AppModule } from '../app-module.js';
import { createAlarmRepository } from './alarm.repository.js';
import { alarmRoutes } from './alarm.routes.js';
import { createAlarmService } from './alarm.service.js';

export const alarmModule: AppModule = (app, { db }) => alarmRoutes(app, createAlarmService(createAlarmRepository(db)));
