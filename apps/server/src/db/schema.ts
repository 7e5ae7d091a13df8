import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of every table. Times are epoch milliseconds, day keys YYYYMMDD integers, booleans 0/1,
 * money in cents: the same values on SQLite and PostgreSQL.
 */
export interface DB {
  dept: DeptTable;
  role: RoleTable;
  app_user: UserTable;
  session: SessionTable;
  password_history: PasswordHistoryTable;
  login_failure: LoginFailureTable;
  setting: SettingTable;
  customer: CustomerTable;
  loan: LoanTable;
  car_brand: CarBrandTable;
  car_model: CarModelTable;
  car: CarTable;
  device: DeviceTable;
  device_status: DeviceStatusTable;
  position: PositionTable;
  device_alarm: DeviceAlarmTable;
  device_command: DeviceCommandTable;
  warning: WarningTable;
  warning_deal: WarningDealTable;
  white_list: WhiteListTable;
  warning_not_push: WarningNotPushTable;
  push_in_app: PushInAppTable;
  risk_point: RiskPointTable;
  fence: FenceTable;
  fence_binding: FenceBindingTable;
  install_product: InstallProductTable;
  dispatch_order: DispatchOrderTable;
  dispatch_order_event: DispatchOrderEventTable;
  dispatch_order_device: DispatchOrderDeviceTable;
  dispatch_order_file: DispatchOrderFileTable;
  integration: IntegrationTable;
  stop: StopTable;
  trip: TripTable;
  device_daily: DeviceDailyTable;
  device_track_state: DeviceTrackStateTable;
  driving_event: DrivingEventTable;
  track_checkpoint: TrackCheckpointTable;
  derive_pending: DerivePendingTable;
  engine_checkpoint: EngineCheckpointTable;
  engine_pending: EnginePendingTable;
  alarm_mapping: AlarmMappingTable;
  engine_device_state: EngineDeviceStateTable;
  webhook: WebhookTable;
  webhook_delivery: WebhookDeliveryTable;
  audit_log: AuditLogTable;
  loan_fraud_suggestion: LoanFraudSuggestionTable;
  loan_fraud_event: LoanFraudEventTable;
  loan_import: LoanImportTable;
  loan_import_row: LoanImportRowTable;
  broker_partition: BrokerPartitionTable;
  broker_worker: BrokerWorkerTable;
  recovery_case: RecoveryCaseTable;
  recovery_case_car: RecoveryCaseCarTable;
  recovery_case_event: RecoveryCaseEventTable;
  recovery_link: RecoveryLinkTable;
  recovery_link_open: RecoveryLinkOpenTable;
  control_mapping: ControlMappingTable;
  control_request: ControlRequestTable;
}

export interface DeptTable {
  id: Generated<number>;
  parent_id: number | null;
  kind: string;
  name: string;
  province: string | null;
  city: string | null;
  /** Materialised path '/1/4/9/': a subtree is one prefix match. */
  path: string;
  created_at: number;
  /** Set while the department is disabled (issue 18): its subtree's users cannot sign in. */
  disabled_at: number | null;
  disabled_by: string | null;
}

export interface RoleTable {
  id: Generated<number>;
  code: string;
  name: string;
  name_en: string;
  /** JSON array of permission strings. */
  permissions: string;
  /** The owner (migration 022): seen by its subtree and below, shared read-only, edited only from its subtree. */
  dept_id: number;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  realname: string;
  avatar: string;
  phone: string;
  dept_id: number;
  role_id: number;
  enabled: number;
  created_at: number;
  /** Null until the user first changes the password. */
  password_changed_at: number | null;
  /** 1 after an administrator created the account or reset its password, until the user changes it. */
  must_change_password: Generated<number>;
}

export interface SessionTable {
  /** sha256 of the token: a leaked table does not leak sessions. */
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  last_seen_at: number;
  /** What session lists show and end sessions by: random, unrelated to the token. */
  public_id: string;
  /** Where and with what the session signed in; null for sessions from before migration 020. */
  ip: string | null;
  user_agent: string | null;
}

/** Hashes a user replaced (at most 2 kept: with the current one they are the last 3 passwords). */
export interface PasswordHistoryTable {
  id: Generated<number>;
  user_id: number;
  password_hash: string;
  changed_at: number;
}

export interface LoginFailureTable {
  id: Generated<number>;
  key: string;
  at: number;
}

export interface SettingTable {
  /**
   * 0 for platform-wide settings (and the platform default of a per-institution one); a finance
   * institution's id for its own (thresholds, 处理常用语: modules/settings/institution-settings.ts).
   */
  dept_id: number;
  key: string;
  value: string;
}

export interface CustomerTable {
  id: Generated<number>;
  dept_id: number;
  name: string;
  phone: string;
  id_card: string;
  address: string;
  grade: string;
  fraud_flag: number;
  /** The flag's latest reason, who set it and when (the whole trail is loan_fraud_event). */
  fraud_reason: string | null;
  fraud_by: number | null;
  fraud_at: number | null;
  /** Unhandled warnings, kept with the grade by the same recompute. */
  unhandled_count: Generated<number>;
  created_at: number;
}

export interface LoanTable {
  id: Generated<number>;
  customer_id: number;
  dept_id: number;
  contract_no: string;
  amount_cents: number;
  term_months: number;
  repayment_day: number;
  overdue_days: number;
  status: string;
  start_day: number;
  overdue_amount_cents: Generated<number>;
  updated_at: Generated<number>;
}

export interface CarBrandTable {
  id: Generated<number>;
  name: string;
  initial: string;
}

export interface CarModelTable {
  id: Generated<number>;
  brand_id: number;
  name: string;
}

export interface CarTable {
  id: Generated<number>;
  dept_id: number;
  customer_id: number;
  brand_id: number;
  model_id: number;
  frame_number: string;
  plate_number: string;
  color: string;
  /** The province (or city, per config) the car must stay in. */
  region_province: string;
  region_city: string;
  created_at: number;
}

export interface DeviceTable {
  id: Generated<number>;
  device_number: string;
  /** 1 wired, 2 wireless. */
  kind: number;
  model: string;
  iccid: string;
  dept_id: number;
  car_id: number | null;
  install_time: number | null;
  /** The installer company that fitted it. */
  installer_dept_id: number | null;
  /** SHA-256 of the auth code handed out at registration; null while the terminal is not registered. */
  auth_code_hash: string | null;
  registered_at: number | null;
  /** Positions the gateway refused as invalid (coordinates, time), and the latest of them. */
  invalid_positions: Generated<number>;
  last_invalid_at: number | null;
  last_invalid_reason: string | null;
  created_at: number;
  /** Retired (设备库存 → 报废, migration 023): refused by the gateway and by installs; its history is kept. */
  retired_at: number | null;
  retired_by: string | null;
  retire_reason: string | null;
  /** A registration window (migration 024): open until when, and why it was opened (RegistrationWindowReasons); null once used or never opened. */
  register_open_until: number | null;
  register_opened_for: string | null;
  /** The terminal id recorded at stock import; when set, a registration must carry it. */
  terminal_id: string | null;
  /** Registrations refused (no window, wrong terminal id, already registered), the latest and why. */
  register_refusals: Generated<number>;
  last_register_refused_at: number | null;
  last_register_refused_reason: string | null;
}

export interface DeviceStatusTable {
  device_id: number;
  last_time: number;
  lng: number;
  lat: number;
  speed: number;
  direction: number;
  altitude: number;
  acc: number;
  battery: number | null;
  signal: number | null;
  satellites: number | null;
  mileage: number | null;
  alarm_word: number;
  status_word: number;
  updated_at: number;
  /** The mapped alarms (types 100–103) of the newest report, bit i = type 100 + i (migration 027). */
  model_alarms: number;
  /** The server's time of the terminal's latest message of any kind (a heartbeat too); null until heard over JT/T 808. */
  heard_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the terminal's current run of messages began (no pause longer than a wired device's grace). */
  heard_since: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PositionTable {
  device_id: number;
  gps_time: number;
  lng: number;
  lat: number;
  speed: number;
  direction: number;
  altitude: number;
  acc: number;
  mileage: number | null;
  satellites: number | null;
  signal: number | null;
  battery: number | null;
  fix_type: number;
  alarm_word: number;
  status_word: number;
  received_at: number;
  /** The mapped alarms the report carried when it was received, bit i = type 100 + i (migration 027). */
  model_alarms: number;
}

export interface DeviceAlarmTable {
  id: Generated<number>;
  dept_id: number;
  device_id: number;
  alarm_type: number;
  start_time: number;
  end_time: number | null;
  lng: number;
  lat: number;
}

export interface DeviceCommandTable {
  id: Generated<number>;
  device_id: number;
  command: number;
  params: string;
  state: string;
  reply: string | null;
  serial: number | null;
  created_by: number | null;
  created_at: number;
  sent_at: number | null;
  answered_at: number | null;
}

export interface WarningTable {
  id: Generated<number>;
  dept_id: number;
  device_id: number;
  car_id: number | null;
  customer_id: number | null;
  warning_type: number;
  risk_level: number;
  deal_status: number;
  compound: number;
  /** Distinguishes places for "one unhandled warning per (device, type, place)". */
  place_key: string;
  warning_time: number;
  last_time: number;
  lng: number | null;
  lat: number | null;
  detail: string;
  pushed: number;
  deal_user_id: number | null;
  deal_time: number | null;
  deal_description: string | null;
}

export interface WarningDealTable {
  id: Generated<number>;
  warning_id: number;
  user_id: number;
  description: string;
  at: number;
}

export interface WhiteListTable {
  id: Generated<number>;
  dept_id: number;
  customer_id: number;
  expires_at: number | null;
  reason: string;
  created_by: number | null;
  created_at: number;
}

export interface WarningNotPushTable {
  id: Generated<number>;
  dept_id: number;
  device_id: number;
  warning_type: number;
  created_by: number | null;
  created_at: number;
}

/** 029: the in-app channel per department and warning type; no row = as the department above. */
export interface PushInAppTable {
  dept_id: number;
  warning_type: number;
  enabled: number;
  updated_by: number | null;
  updated_at: number;
}

export interface RiskPointTable {
  id: Generated<number>;
  dept_id: number;
  category: string;
  name: string;
  lng: number;
  lat: number;
  address: string;
  created_by: number | null;
  created_at: number;
}

export interface FenceTable {
  id: Generated<number>;
  dept_id: number;
  name: string;
  /** 'circle' | 'polygon'. */
  shape: string;
  /** JSON: {lng, lat, radius} or {points: [[lng, lat], ...]} in WGS-84. */
  geometry: string;
  alarm_on: string;
  created_at: number;
}

export interface FenceBindingTable {
  fence_id: number;
  device_id: number;
  created_at: number;
}

export interface InstallProductTable {
  id: Generated<number>;
  product_name: string;
  wired_count: number;
  wireless_count: number;
}

export interface DispatchOrderTable {
  id: Generated<number>;
  dept_id: number;
  installer_dept_id: number | null;
  order_type: number;
  device_source: number;
  state: number;
  real_name: string;
  phone: string;
  car_owner_name: string;
  reserve_time: number;
  brand_name: string;
  car_frame_number: string;
  install_product_id: number | null;
  address: string;
  lng: number | null;
  lat: number | null;
  reason: string | null;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** The car the frame number named when the order was raised. */
  car_id: number | null;
  installed_at: number | null;
  /** Why the server found the installed order abnormal (state 6). */
  abnormal_reason: string | null;
}

/** One change of an order: who (null user for the server itself), when, from, to, why. */
export interface DispatchOrderEventTable {
  id: Generated<number>;
  order_id: number;
  at: number;
  user_id: number | null;
  user_name: string | null;
  action: string;
  from_state: number | null;
  to_state: number | null;
  reason: string | null;
}

/** A device entered on an order; fitted to the car when the order is marked installed. */
export interface DispatchOrderDeviceTable {
  order_id: number;
  device_id: number;
  first_report_at: number | null;
  first_report_m: number | null;
}

export interface DispatchOrderFileTable {
  id: Generated<number>;
  order_id: number;
  file_name: string;
  mime_type: string;
  size: number;
  path: string;
  uploaded_by: number | null;
  uploader_name: string | null;
  uploaded_at: number;
}

export interface IntegrationTable {
  id: Generated<number>;
  dept_id: number;
  name: string;
  key_hash: string;
  created_at: number;
  /** The issuer's user name; null for keys issued before issue 18. */
  created_by: string | null;
  /** The key's last four characters, shown as `…abcd`; null for keys issued before issue 18. */
  key_hint: string | null;
  /** Written at most once a minute per key, so ingest stays one read per batch. */
  last_used_at: number | null;
  revoked_at: number | null;
  revoked_by: string | null;
}

export interface StopTable {
  device_id: number;
  start_time: number;
  end_time: number;
  lng: number;
  lat: number;
  /** 0 while the car is still there. */
  closed: number;
}

export interface TripTable {
  device_id: number;
  start_time: number;
  end_time: number;
  start_lng: number;
  start_lat: number;
  end_lng: number;
  end_lat: number;
  distance_m: number;
  max_speed: number;
}

export interface DeviceDailyTable {
  device_id: number;
  /** YYYYMMDD in Asia/Shanghai. */
  day: number;
  mileage_m: number;
  acc_on_ms: number;
  acc_on_count: number;
  fixes: number;
  max_speed: number;
  harsh_acc: number;
  harsh_brake: number;
  speeding: number;
  fatigue: number;
  /** Time spent moving; night driving is the part of it between 22:00 and 05:00. */
  drive_ms: number;
  night_drive_ms: number;
  night_mileage_m: number;
  /** Trips and stops are counted on the day of the fix that completes them. */
  trips: number;
  trip_ms: number;
  trip_m: number;
  stops: number;
  /** Time parked, split across days by the fixes that saw it. */
  stop_ms: number;
  stops_night: number;
  stops_morning: number;
  stops_day: number;
  stops_evening: number;
  /** Distance across silences the car came out of elsewhere (migration 030): never in mileage_m. */
  offline_move_m: number;
  offline_moves: number;
}

export interface DrivingEventTable {
  device_id: number;
  /** DRIVING_EVENT kind: 1 harsh acceleration, 2 harsh braking, 3 speeding, 4 fatigue; 5 an offline move (OFFLINE_MOVE_EVENT). */
  kind: number;
  start_time: number;
  end_time: number;
  lng: number;
  lat: number;
  value: number;
}

/** A device whose late fixes wait for its derived data to be replayed from `from_day`. */
/** The engine's memory of a device before the first fix of a local day (migration 026). */
export interface EngineCheckpointTable {
  device_id: number;
  day: number;
  state: string;
}

/** A device whose late fixes the engine has yet to judge again, from the oldest of them (migration 026). */
export interface EnginePendingTable {
  device_id: number;
  from_time: number;
}

/** A terminal model's reserved alarm bit or additional item and the alarm type it means (migration 027). */
export interface AlarmMappingTable {
  id: Generated<number>;
  model: string;
  /** 'bit': an alarm-word bit 0–31; 'item': an additional item id 0–255. */
  source: string;
  code: number;
  /** 100–103. */
  alarm_type: number;
  updated_at: number;
}

export interface DerivePendingTable {
  device_id: number;
  from_day: number;
}

/** A device's TrackState before its first fix of a day: where a replay of that day starts. */
export interface TrackCheckpointTable {
  device_id: number;
  day: number;
  state: string;
}

export interface DeviceTrackStateTable {
  device_id: number;
  /** JSON of the derivation's TrackState. */
  state: string;
  /** 032: time of the newest fix the device's derived rows include (null: none yet); positions after it are derived again at start. */
  derived_to: number | null;
}

export interface EngineDeviceStateTable {
  device_id: number;
  /** Time of the last fix the risk engine evaluated; it resumes after it. */
  evaluated_to: number;
  /** JSON of the engine's DeviceMemory at that fix. */
  state: string;
}

export interface WebhookTable {
  id: Generated<number>;
  dept_id: number;
  name: string;
  url: string;
  /** JSON list of warning type codes, or '*'. */
  warning_types: string;
  secret: string;
  enabled: number;
  created_by: number | null;
  created_at: number;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  webhook_id: number;
  /** null for a test delivery. */
  warning_id: number | null;
  /** 'pending' | 'delivered' | 'failed'. */
  state: string;
  attempts: number;
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

/** Who did what to which object, from where: administrative actions the product must be able to show. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  username: string;
  dept_id: number | null;
  ip: string;
  action: string;
  target: string;
  /** JSON of what changed. */
  detail: string;
}

/** The engine's loan-fraud suggestion: one per (device, warning type), the warning its evidence. */
export interface LoanFraudSuggestionTable {
  id: Generated<number>;
  dept_id: number;
  customer_id: number;
  device_id: number;
  warning_id: number;
  warning_type: number;
  event_time: number;
  install_time: number;
  place: Generated<string>;
  /** 'pending' | 'accepted' | 'dismissed'. */
  state: Generated<string>;
  decided_by: number | null;
  decided_at: number | null;
  reason: string | null;
  created_at: number;
}

/** Append-only trail of loan-fraud flags and verdicts. */
export interface LoanFraudEventTable {
  id: Generated<number>;
  customer_id: number;
  suggestion_id: number | null;
  /** 'flag' | 'unflag' | 'accept' | 'dismiss'. */
  action: string;
  reason: string;
  user_id: number;
  at: number;
}


/** A sheet import and its progress (LoanImportStatus). */
export interface LoanImportTable {
  id: Generated<number>;
  dept_id: number;
  user_id: number;
  file_name: string;
  phase: string;
  total: Generated<number>;
  processed: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  error_count: Generated<number>;
  /** JSON list of LoanRowError. */
  errors: Generated<string>;
  message: string | null;
  started_at: number;
  finished_at: number | null;
  /** The longest write transaction the import held, ms (null before it ends). */
  longest_write_ms: number | null;
}

/** A checked loan of a sheet import waiting to be published (migration 034); `seq` is its sheet row. */
export interface LoanImportRowTable {
  job_id: number;
  seq: number;
  /** The CheckedLoan as JSON. */
  loan: string;
}

/** One partition of the position stream (scale mode): its lease and its committed offset. */
export interface BrokerPartitionTable {
  partition: number;
  owner: string | null;
  lease_until: Generated<number>;
  /** The last stream sequence whose positions are in the database; the next owner resumes after it. */
  committed_seq: Generated<number>;
  /** Raised by each claim of a new owner; commits must name it (a fencing token). */
  lease_epoch: Generated<number>;
}

/** A worker's heartbeat, so one that holds no partition yet still counts for the fair share. */
export interface BrokerWorkerTable {
  owner: string;
  seen_until: number;
}

/** 031: a recovery case, in the cars' department and assigned to a recovery company's department. */
export interface RecoveryCaseTable {
  id: Generated<number>;
  customer_id: number;
  dept_id: number;
  finance_id: number;
  team_dept_id: number | null;
  state: string;
  source: string;
  warning_id: number | null;
  reason: string;
  opened_by: number | null;
  opened_at: number;
  assigned_at: number | null;
  first_found_at: number | null;
  recovered_at: number | null;
  closed_at: number | null;
  updated_at: number;
}

export interface RecoveryCaseCarTable {
  case_id: number;
  car_id: number;
}

/** A case's history: state changes, links, immobilisation steps; user_id null for the server itself. */
export interface RecoveryCaseEventTable {
  id: Generated<number>;
  case_id: number;
  at: number;
  user_id: number | null;
  action: string;
  from_state: string | null;
  to_state: string | null;
  reason: string | null;
}

export interface RecoveryLinkTable {
  id: Generated<number>;
  case_id: number;
  /** SHA-256 (hex) of the token; the token itself is shown once and never stored. */
  token_hash: string;
  label: string;
  created_by: number | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_by: number | null;
}

export interface RecoveryLinkOpenTable {
  id: Generated<number>;
  link_id: number;
  at: number;
  ip: string;
  user_agent: string;
}

/** 031: how a device model is immobilised (ControlMethods); codes for 0x8105/0x8500, texts for 0x8300. */
export interface ControlMappingTable {
  model: string;
  method: string;
  cut_code: number | null;
  restore_code: number | null;
  control_type_id: number | null;
  cut_text: string | null;
  restore_text: string | null;
  updated_at: number;
}

/** 031: an immobilisation or restore request (ControlStates) and the command that carried it out. */
export interface ControlRequestTable {
  id: Generated<number>;
  case_id: number;
  device_id: number;
  finance_id: number;
  model: string;
  method: string;
  action: string;
  state: string;
  reason: string;
  requested_by: number;
  requested_at: number;
  decided_by: number | null;
  decided_at: number | null;
  decision_note: string | null;
  hold_reason: string | null;
  command_id: number | null;
  sent_at: number | null;
  answered_at: number | null;
  answer: string | null;
}
