import { sql, type Kysely } from 'kysely';
import { idColumn, isSqlite, TIME } from '../dialect.js';

/** The whole domain of server-behaviour.md. Later issues add derived tables in their own migrations. */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  const s = db.schema;

  await s.createTable('dept').addColumn('id', 'integer', id)
    .addColumn('parent_id', 'integer', (c) => c.references('dept.id'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('province', 'varchar(30)')
    .addColumn('city', 'varchar(30)')
    .addColumn('path', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('dept_path').on('dept').column('path').execute();

  await s.createTable('role').addColumn('id', 'integer', id)
    .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('name_en', 'varchar(50)', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .execute();

  await s.createTable('app_user').addColumn('id', 'integer', id)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('realname', 'varchar(50)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('role.id'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await s.createTable('session')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('expires_at', TIME, (c) => c.notNull())
    .addColumn('last_seen_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('session_expires').on('session').column('expires_at').execute();

  await s.createTable('login_failure').addColumn('id', 'integer', id)
    .addColumn('key', 'varchar(120)', (c) => c.notNull())
    .addColumn('at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('login_failure_key_at').on('login_failure').columns(['key', 'at']).execute();

  await s.createTable('setting')
    .addColumn('dept_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('setting_pk', ['dept_id', 'key'])
    .execute();

  await s.createTable('customer').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('id_card', 'varchar(18)', (c) => c.notNull())
    .addColumn('address', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('grade', 'varchar(16)', (c) => c.notNull().defaultTo('general'))
    .addColumn('fraud_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('customer_dept').on('customer').columns(['dept_id', 'id']).execute();
  await s.createIndex('customer_phone').on('customer').column('phone').execute();

  await s.createTable('loan').addColumn('id', 'integer', id)
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('contract_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('amount_cents', TIME, (c) => c.notNull())
    .addColumn('term_months', 'integer', (c) => c.notNull())
    .addColumn('repayment_day', 'integer', (c) => c.notNull())
    .addColumn('overdue_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('start_day', 'integer', (c) => c.notNull())
    .execute();
  await s.createIndex('loan_customer').on('loan').column('customer_id').execute();

  await s.createTable('car_brand').addColumn('id', 'integer', id)
    .addColumn('name', 'varchar(50)', (c) => c.notNull().unique())
    .addColumn('initial', 'varchar(1)', (c) => c.notNull())
    .execute();
  await s.createTable('car_model').addColumn('id', 'integer', id)
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('car_brand.id'))
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .execute();

  await s.createTable('car').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customer.id'))
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('car_brand.id'))
    .addColumn('model_id', 'integer', (c) => c.notNull().references('car_model.id'))
    .addColumn('frame_number', 'varchar(17)', (c) => c.notNull().unique())
    .addColumn('plate_number', 'varchar(10)', (c) => c.notNull())
    .addColumn('color', 'varchar(10)', (c) => c.notNull())
    .addColumn('region_province', 'varchar(30)', (c) => c.notNull())
    .addColumn('region_city', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('car_dept').on('car').columns(['dept_id', 'id']).execute();
  await s.createIndex('car_customer').on('car').column('customer_id').execute();

  await s.createTable('device').addColumn('id', 'integer', id)
    .addColumn('device_number', 'varchar(30)', (c) => c.notNull().unique())
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('model', 'varchar(30)', (c) => c.notNull())
    .addColumn('iccid', 'varchar(20)', (c) => c.notNull())
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('car_id', 'integer', (c) => c.references('car.id'))
    .addColumn('install_time', TIME)
    .addColumn('auth_code', 'varchar(64)')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('device_dept').on('device').columns(['dept_id', 'id']).execute();
  await s.createIndex('device_car').on('device').column('car_id').execute();

  await s.createTable('device_status')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('device.id'))
    .addColumn('last_time', TIME, (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('speed', 'real', (c) => c.notNull())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('altitude', 'integer', (c) => c.notNull())
    .addColumn('acc', 'integer', (c) => c.notNull())
    .addColumn('battery', 'integer')
    .addColumn('signal', 'integer')
    .addColumn('satellites', 'integer')
    .addColumn('mileage', 'double precision')
    .addColumn('alarm_word', TIME, (c) => c.notNull())
    .addColumn('status_word', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();

  // Clustered by (device, time): a track is one contiguous range read.
  let position = s.createTable('position')
    .addColumn('device_id', 'integer', (c) => c.notNull())
    .addColumn('gps_time', TIME, (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('speed', 'real', (c) => c.notNull())
    .addColumn('direction', 'integer', (c) => c.notNull())
    .addColumn('altitude', 'integer', (c) => c.notNull())
    .addColumn('acc', 'integer', (c) => c.notNull())
    .addColumn('mileage', 'double precision')
    .addColumn('satellites', 'integer')
    .addColumn('signal', 'integer')
    .addColumn('battery', 'integer')
    .addColumn('fix_type', 'integer', (c) => c.notNull())
    .addColumn('alarm_word', TIME, (c) => c.notNull())
    .addColumn('status_word', TIME, (c) => c.notNull())
    .addColumn('received_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('position_pk', ['device_id', 'gps_time']);
  if (isSqlite(db)) position = position.modifyEnd(sql`without rowid`);
  await position.execute();

  await s.createTable('device_alarm').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('alarm_type', 'integer', (c) => c.notNull())
    .addColumn('start_time', TIME, (c) => c.notNull())
    .addColumn('end_time', TIME)
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .execute();
  await s.createIndex('device_alarm_dept_time').on('device_alarm').columns(['dept_id', 'start_time']).execute();
  await s.createIndex('device_alarm_device').on('device_alarm').columns(['device_id', 'alarm_type']).execute();

  await s.createTable('device_command').addColumn('id', 'integer', id)
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('command', 'integer', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reply', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('sent_at', TIME)
    .addColumn('answered_at', TIME)
    .execute();
  await s.createIndex('device_command_device').on('device_command').columns(['device_id', 'state']).execute();

  await s.createTable('warning').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('car_id', 'integer')
    .addColumn('customer_id', 'integer')
    .addColumn('warning_type', 'integer', (c) => c.notNull())
    .addColumn('risk_level', 'integer', (c) => c.notNull())
    .addColumn('deal_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('compound', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('place_key', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('warning_time', TIME, (c) => c.notNull())
    .addColumn('last_time', TIME, (c) => c.notNull())
    .addColumn('lng', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('pushed', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('deal_user_id', 'integer')
    .addColumn('deal_time', TIME)
    .addColumn('deal_description', 'varchar(100)')
    .execute();
  await s.createIndex('warning_dept_time').on('warning').columns(['dept_id', 'warning_time']).execute();
  await s.createIndex('warning_status_time').on('warning').columns(['deal_status', 'warning_time']).execute();
  await s.createIndex('warning_device_type').on('warning').columns(['device_id', 'warning_type', 'deal_status']).execute();

  await s.createTable('warning_deal').addColumn('id', 'integer', id)
    .addColumn('warning_id', 'integer', (c) => c.notNull().references('warning.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id'))
    .addColumn('description', 'varchar(100)', (c) => c.notNull())
    .addColumn('at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('warning_deal_warning').on('warning_deal').column('warning_id').execute();

  await s.createTable('white_list').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('customer_id', 'integer', (c) => c.notNull().unique().references('customer.id'))
    .addColumn('expires_at', TIME)
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();

  await s.createTable('warning_not_push').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('warning_type', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addUniqueConstraint('warning_not_push_unique', ['device_id', 'warning_type'])
    .execute();

  await s.createTable('risk_point').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('category', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('address', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('risk_point_dept').on('risk_point').column('dept_id').execute();

  await s.createTable('fence').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('shape', 'varchar(10)', (c) => c.notNull())
    .addColumn('geometry', 'text', (c) => c.notNull())
    .addColumn('alarm_on', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
  await s.createTable('fence_binding')
    .addColumn('fence_id', 'integer', (c) => c.notNull().references('fence.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id'))
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addPrimaryKeyConstraint('fence_binding_pk', ['fence_id', 'device_id'])
    .execute();

  await s.createTable('install_product').addColumn('id', 'integer', id)
    .addColumn('product_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('wired_count', 'integer', (c) => c.notNull())
    .addColumn('wireless_count', 'integer', (c) => c.notNull())
    .execute();

  await s.createTable('dispatch_order').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('installer_dept_id', 'integer', (c) => c.references('dept.id'))
    .addColumn('order_type', 'integer', (c) => c.notNull())
    .addColumn('device_source', 'integer', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('real_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('car_owner_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('reserve_time', TIME, (c) => c.notNull())
    .addColumn('brand_name', 'varchar(50)', (c) => c.notNull())
    .addColumn('car_frame_number', 'varchar(17)', (c) => c.notNull())
    .addColumn('install_product_id', 'integer', (c) => c.references('install_product.id'))
    .addColumn('address', 'varchar(255)', (c) => c.notNull())
    .addColumn('lng', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('reason', 'varchar(255)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', TIME, (c) => c.notNull())
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await s.createIndex('dispatch_order_dept').on('dispatch_order').columns(['dept_id', 'created_at']).execute();

  await s.createTable('integration').addColumn('id', 'integer', id)
    .addColumn('dept_id', 'integer', (c) => c.notNull().references('dept.id'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', TIME, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'integration', 'dispatch_order', 'install_product', 'fence_binding', 'fence', 'risk_point', 'warning_not_push',
    'white_list', 'warning_deal', 'warning', 'device_command', 'device_alarm', 'position', 'device_status', 'device',
    'car', 'car_model', 'car_brand', 'loan', 'customer', 'setting', 'login_failure', 'session', 'app_user', 'role', 'dept',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
