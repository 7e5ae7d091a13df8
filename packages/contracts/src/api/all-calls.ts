import type { CallDeclaration } from './call.js';
import { RiskPointCalls } from '../riskpoint.js';
import { WarningCalls } from '../warning-list.js';
import { WarningDetailCalls } from '../warning-detail.js';
import { HandlingPhraseCalls } from '../handling-phrases.js';
import { WarningFeedCalls } from '../warning-feed.js';
import { QuickSearchCalls } from '../quick-search.js';
import { CarAnalysisCalls } from '../car-analysis.js';
import { SessionCalls } from '../session.js';
import { AccountCalls } from '../account.js';
import { MenuCalls } from '../routes.js';
import { DeptCalls } from '../dept.js';
import { DeptAdminCalls } from '../dept-admin.js';
import { CatalogCalls } from '../catalog.js';
import { DeviceCalls } from '../device.js';
import { DeviceStockCalls } from '../device-stock.js';
import { CarCalls } from '../car.js';
import { HomeCalls } from '../home.js';
import { AlarmCalls } from '../alarm-list.js';
import { AlarmMappingCalls } from '../alarm-mapping.js';
import { WhiteListCalls } from '../white-list.js';
import { RiskConfigCalls } from '../risk-config.js';
import { PushCalls } from '../push.js';
import { TrackCalls } from '../track.js';
import { CommandCalls } from '../command.js';
import { OnlineCheckCalls } from '../online-check.js';
import { IngestCalls } from '../ingest.js';
import { MonitorCalls } from '../monitor.js';
import { GeoCalls } from '../geo.js';
import { FenceCalls } from '../fence.js';
import { CustomerCalls } from '../customer.js';
import { CustomerDrawCalls } from '../customer-draw.js';
import { LoanImportCalls } from '../loan-import.js';
import { ReportCalls } from '../report-calls.js';
import { DispatchCalls } from '../dispatch-calls.js';
import { AuditCalls } from '../audit.js';
import { RoleCalls } from '../roles.js';
import { UserCalls } from '../users.js';
import { FieldCalls, RecoveryCalls } from '../recovery-calls.js';
import { VehicleControlCalls } from '../vehicle-control.js';

/**
 * Every declared call, by feature. The OpenAPI document, the fuzz test and the route check are
 * generated from this list, so a call is added here once, beside its feature's others.
 */
export const ALL_CALLS = {
  riskPoint: RiskPointCalls,
  warning: WarningCalls,
  warningDetail: WarningDetailCalls,
  handlingPhrases: HandlingPhraseCalls,
  warningFeed: { ...WarningFeedCalls, ...QuickSearchCalls },
  carAnalysis: CarAnalysisCalls,
  track: TrackCalls,
  command: CommandCalls,
  onlineCheck: OnlineCheckCalls,
  ingest: IngestCalls,
  monitor: MonitorCalls,
  geo: GeoCalls,
  fence: FenceCalls,
  session: SessionCalls,
  account: AccountCalls,
  menu: MenuCalls,
  dept: DeptCalls,
  deptAdmin: DeptAdminCalls,
  catalog: CatalogCalls,
  device: DeviceCalls,
  deviceStock: DeviceStockCalls,
  car: CarCalls,
  home: HomeCalls,
  alarm: AlarmCalls,
  alarmMapping: AlarmMappingCalls,
  whiteList: WhiteListCalls,
  riskConfig: RiskConfigCalls,
  push: PushCalls,
  customer: CustomerCalls,
  customerDraw: CustomerDrawCalls,
  loanImport: LoanImportCalls,
  dispatch: DispatchCalls,
  audit: AuditCalls,
  role: RoleCalls,
  user: UserCalls,
  recovery: RecoveryCalls,
  field: FieldCalls,
  vehicleControl: VehicleControlCalls,
  ...Object.fromEntries(Object.entries(ReportCalls).map(([name, calls]) => [`report.${name}`, calls])),
} satisfies Record<string, Record<string, CallDeclaration>>;

/** The calls as one flat list, each with its feature and name ("riskPoint.save"). */
export function listCalls(): { name: string; call: CallDeclaration }[] {
  return Object.entries(ALL_CALLS).flatMap(([feature, calls]) =>
    Object.entries(calls as Record<string, CallDeclaration>).map(([name, call]) => ({ name: `${feature}.${name}`, call })),
  );
}
