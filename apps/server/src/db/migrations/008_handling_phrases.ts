import type { Kysely } from 'kysely';
import { idColumn, TIME } from '../dialect.js';

/**
 * 处理常用语: the phrases the handling dialog offers per warning type, kept by platform
 * administrators. Seeded with what operators write most often; the seed is part of this migration so
 * that later edits are never overwritten by a newer default list.
 */
const SEED: Record<number, string[]> = {
  1: ['已电话联系客户，车辆正常使用', '车辆停放在地下车库，信号弱导致离线', '已安排人员上门检查设备'],
  2: ['客户维修车辆或更换电瓶导致断电', '已电话联系客户，车辆正常使用', '已安排人员上门核实'],
  3: ['已安排人员上门核实设备安装情况', '客户已还款结清，设备已拆除', '已电话联系客户，车辆正常使用'],
  4: ['已电话联系客户，否认抵押车辆', '已安排人员上门核实', '已上报风控主管跟进'],
  5: ['客户出差或旅游，已电话确认', '已电话联系客户，车辆正常使用', '已上报风控主管跟进'],
  6: ['车辆停放在客户住所，已电话确认', '已电话联系客户，车辆正常使用', '已安排人员上门核实'],
  7: ['已安排人员上门核实设备安装情况', '已电话联系客户，车辆正常使用', '已上报风控主管跟进'],
  8: ['已电话联系客户，行程正常', '已安排人员上门核实', '客户已还款'],
  9: ['客户已搬家，已更新客户地址', '已电话联系客户，车辆正常使用', '已安排人员上门核实'],
  10: ['已电话联系客户，车辆正常使用', '已安排人员上门核实', '已上报风控主管跟进'],
  11: ['已通知客户给设备充电', '已安排人员上门更换设备电池', '已电话联系客户，车辆正常使用'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('handling_phrase').addColumn('id', 'integer', idColumn(db))
    .addColumn('warning_type', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(50)', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', TIME, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('handling_phrase_type').on('handling_phrase').columns(['warning_type', 'position']).unique().execute();
  const rows = Object.entries(SEED).flatMap(([type, texts]) =>
    texts.map((text, position) => ({ warning_type: Number(type), position, text, updated_by: null, updated_at: 0 })),
  );
  await db.insertInto('handling_phrase').values(rows).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('handling_phrase').ifExists().execute();
}
