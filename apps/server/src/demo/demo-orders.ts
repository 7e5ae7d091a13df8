import { formatTime, type DispatchForm } from '@cvrisk/contracts';
import type { Db } from '../db/database.js';
import { reverseGeocode } from '../geo/gazetteer.js';
import { createDispatchServices } from '../modules/dispatch/dispatch-services.js';
import type { SessionUser } from '../modules/session/session-user.js';
import { demoInstallPhoto } from './demo-photo.js';
import { demoSessionUsers } from './demo-users.js';
import { DEFAULT_REGISTER_WINDOW_MS } from '../modules/device/registration-window.js';

const HOUR = 3_600_000;
const PRODUCT = { kit: 1, wired: 2, wireless: 3 } as const;

/** Where a demo car is now (its wired device's last report), the address an installer drives to. */
async function carsWithPlaces(db: Db, financeId: number, count: number) {
  const rows = await db
    .selectFrom('car as c')
    .innerJoin('dept as dealer', 'dealer.id', 'c.dept_id')
    .innerJoin('customer as cu', 'cu.id', 'c.customer_id')
    .innerJoin('car_brand as b', 'b.id', 'c.brand_id')
    .innerJoin('device as d', (j) => j.onRef('d.car_id', '=', 'c.id').on('d.kind', '=', 1))
    .innerJoin('device_status as s', 's.device_id', 'd.id')
    .select(['c.frame_number', 'cu.name as owner', 'cu.phone', 'b.name as brand', 's.lng', 's.lat'])
    .where('dealer.parent_id', '=', financeId)
    .orderBy('c.id', 'desc')
    .limit(count)
    .execute();
  return rows.map((r) => ({ ...r, address: reverseGeocode(r.lng, r.lat)?.address ?? '' })).filter((r) => r.address);
}

/** Two wired stock devices of the institution: the ones its demo installers fitted. */
async function stockWired(db: Db, financeId: number): Promise<string[]> {
  const rows = await db.selectFrom('device as d').innerJoin('dept', 'dept.id', 'd.dept_id').select('d.device_number')
    .where('d.car_id', 'is', null).where('d.kind', '=', 1).where('dept.parent_id', '=', financeId).orderBy('d.id', 'desc').limit(2).execute();
  return rows.map((r) => r.device_number);
}

/**
 * The first start's dispatch history: each institution's operator has raised six orders over the last
 * days and its installer company has worked them — one waiting to be accepted, one accepted, a
 * maintenance order, one completed and one awaiting audit (each with the installer's photo and a stock
 * device fitted), and one revoked — through the product's own services, with their checks and history.
 */
export async function seedDemoOrders(db: Db, dataDir: string, devicesEdited: (numbers: string[]) => void, now: number): Promise<number> {
  let clock = now - 72 * HOUR;
  const s = createDispatchServices(db, { dataDir, devicesEdited, registerWindowMs: DEFAULT_REGISTER_WINDOW_MS, now: () => clock });
  const users = await demoSessionUsers(db);
  let made = 0;
  const institutions = await db.selectFrom('dept').select('id').where('kind', '=', 'finance').orderBy('id').execute();
  for (const { id: financeId } of institutions) {
    const installerDept = await db.selectFrom('dept').select('id').where('parent_id', '=', financeId).where('kind', '=', 'installer').executeTakeFirst();
    const operator = users.find((u) => u.deptId === financeId && u.permissions.has('order:audit') && !u.permissions.has('order:install'));
    const installer = installerDept ? users.find((u) => u.deptId === installerDept.id) : undefined;
    const cars = await carsWithPlaces(db, financeId, 6);
    const stock = await stockWired(db, financeId);
    if (!operator || !installer || cars.length < 6 || stock.length < 2) continue;
    const form = (i: number, productId: number | undefined, reserveInHours: number): DispatchForm => {
      const c = cars[i]!;
      return {
        realName: c.owner, phone: c.phone, carOwnerName: c.owner, reserveTime: formatTime(clock + reserveInHours * HOUR), orderType: productId ? 1 : 2,
        brandName: c.brand, carFrameNumber: c.frame_number, deviceSource: i % 2 === 0 ? 1 : 2, installProductId: productId,
        address: c.address, lng: c.lng, lat: c.lat,
      };
    };
    const raise = async (user: SessionUser, f: DispatchForm) => (await s.dispatch.create(user, f)).id;
    const fit = async (id: number, device: string, photo: number) => {
      clock += 2 * HOUR;
      await s.install.accept(installer, id);
      clock += 20 * HOUR;
      await s.install.upload(installer, { orderId: id, fileName: `安装照片${photo}.png`, content: demoInstallPhoto(photo).toString('base64') });
      await s.install.setDevices(installer, { id, deviceNumbers: [device] });
      clock += 10 * 60_000;
      await s.install.markInstalled(installer, id);
    };

    const completed = await raise(operator, form(0, PRODUCT.wired, 24));
    await fit(completed, stock[0]!, 1);
    clock += 3 * HOUR;
    await s.dispatch.audit(operator, { id: completed, pass: true, reason: '照片清晰，设备已上线' });

    clock = now - 30 * HOUR;
    const revoked = await raise(operator, form(1, PRODUCT.kit, 30));
    clock += 4 * HOUR;
    await s.dispatch.revoke(operator, { id: revoked, reason: '客户已提前结清贷款，取消安装' });

    clock = now - 26 * HOUR;
    const awaiting = await raise(operator, form(2, PRODUCT.wired, 2));
    await fit(awaiting, stock[1]!, 2);

    clock = now - 5 * HOUR;
    const accepted = await raise(operator, form(3, PRODUCT.wireless, 20));
    clock += HOUR;
    await s.install.accept(installer, accepted);

    clock = now - 2 * HOUR;
    await raise(operator, form(4, undefined, 22));
    clock = now - 40 * 60_000;
    await raise(operator, form(5, PRODUCT.kit, 26));
    made += 6;
  }
  return made;
}
