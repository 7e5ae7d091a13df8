import { dispatchModule } from './dispatch/dispatch.module.js';
import { liveEventsModule } from '../events/live-events.js';
import { alarmModule } from './alarm/alarm.module.js';
import { alarmMappingModule } from './alarm-mapping/alarm-mapping.module.js';
import { apiDocsModule } from './api-docs/api-docs.module.js';
import { auditModule } from './audit/audit.module.js';
import type { AppModule } from './app-module.js';
import { carAnalysisModule } from './car-analysis/car-analysis.module.js';
import { carModule } from './car/car.module.js';
import { customerModule } from './customer/customer.module.js';
import { customerDrawModule } from './customer-draw/customer-draw.module.js';
import { loanImportModule } from './loan-import/loan-import.module.js';
import { catalogModule } from './catalog/catalog.module.js';
import { commandModule } from './command/command.module.js';
import { deptModule } from './dept/dept.module.js';
import { deptAdminModule } from './dept/dept-admin.module.js';
import { deviceModule } from './device/device.module.js';
import { deviceStockModule } from './device-stock/device-stock.module.js';
import { fenceModule } from './fence/fence.module.js';
import { geoModule } from './geo/geo.module.js';
import { handlingPhrasesModule } from './handling-phrases/handling-phrases.module.js';
import { homeModule } from './home/home.module.js';
import { ingestModule } from './ingest/ingest.module.js';
import { menuModule } from './menu/menu.module.js';
import { monitorModule } from './monitor/monitor.module.js';
import { onlineCheckModule } from './online-check/online-check.module.js';
import { pushModule } from './push/push.module.js';
import { reportModule } from './report/report.module.js';
import { riskConfigModule } from './risk-config/risk-config.module.js';
import { riskPointModule } from './riskpoint/riskpoint.module.js';
import { sessionModule } from './session/session.module.js';
import { accountModule } from './account/account.module.js';
import { roleModule } from './role/role.module.js';
import { userModule } from './user/user.module.js';
import { trackModule } from './track/track.module.js';
import { warningDetailModule } from './warning-detail/warning-detail.module.js';
import { warningFeedModule } from './warning-feed/warning-feed.module.js';
import { warningModule } from './warning/warning.module.js';
import { whiteListModule } from './whitelist/whitelist.module.js';
import { vehicleControlModule } from './vehicle-control/vehicle-control.module.js';
import { recoveryModule } from './recovery/recovery.module.js';

/**
 * Every server module, in registration order. A new feature adds its module here; app.ts does not
 * change. Order matters only for hooks: the live stream closes its connections before the others stop.
 */
export const MODULES: readonly AppModule[] = [
  sessionModule,
  accountModule,
  menuModule,
  deptModule,
  deptAdminModule,
  catalogModule,
  deviceModule,
  deviceStockModule,
  carModule,
  customerModule,
  customerDrawModule,
  loanImportModule,
  homeModule,
  trackModule,
  commandModule,
  onlineCheckModule,
  ingestModule,
  fenceModule,
  riskPointModule,
  geoModule,
  warningDetailModule,
  carAnalysisModule,
  alarmModule,
  alarmMappingModule,
  reportModule,
  whiteListModule,
  riskConfigModule,
  monitorModule,
  liveEventsModule,
  warningModule,
  handlingPhrasesModule,
  warningFeedModule,
  pushModule,
  dispatchModule,
  vehicleControlModule,
  recoveryModule,
  auditModule,
  roleModule,
  userModule,
  apiDocsModule,
];
