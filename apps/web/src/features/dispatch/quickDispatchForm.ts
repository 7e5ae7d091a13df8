import { DispatchForm, MOBILE_PATTERN, type DeviceSource, type GeoPlace, type OrderCar, type OrderType } from '@cvrisk/contracts';
import type { Dayjs } from 'dayjs';
import type { Translate } from '../../lib/i18n/translate';

/** console-spec §5: the reservation is shown and sent as year-month-day hour:minute:second. */
export const RESERVE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** The contract's limits (the tests hold them equal). */
export const LIMITS = { name: 50, phone: 11, frame: 17, address: 255 } as const;
/** console-spec §9: the dialog's map starts at zoom 17 on a fixed point, until a place is chosen. */
export const MAP_ZOOM = 17;

/** The form as antd holds it; lng/lat are WGS-84 and set only from the map or the address search. */
export type QuickDispatchValues = {
  realName?: string;
  phone?: string;
  carOwnerName?: string;
  reserveTime?: Dayjs | null;
  orderType: OrderType;
  brandName?: string;
  carFrameNumber?: string;
  deviceSource: DeviceSource;
  installProductId?: number;
  address?: string;
  lng?: number;
  lat?: number;
};

export type DispatchField = 'realName' | 'phone' | 'carOwnerName' | 'reserveTime' | 'brandName' | 'carFrameNumber' | 'installProductId' | 'address';

/** What a fresh dialog shows (console-spec §2): an install order, the installer bringing the devices. */
export const quickDispatchDefaults = (): QuickDispatchValues => ({ orderType: 1, deviceSource: 1 });

/** console-spec §5: a reservation earlier than one day before now is refused. */
export function isReserveDisabled(date: Dayjs, now: Dayjs): boolean {
  return date.isBefore(now.subtract(1, 'day'));
}

/** An install order says what to fit; a maintenance order may name no product. */
export const needsProduct = (orderType: OrderType): boolean => orderType === 1;

/**
 * What stops the form from being sent, per field, in the contract's words where it has them. A point
 * missing from the map is told at the address, the field the operator sees.
 */
export function dispatchProblems(v: Partial<QuickDispatchValues>, t: Translate, now: Dayjs): Partial<Record<DispatchField, string>> {
  const out: Partial<Record<DispatchField, string>> = {};
  const text = (field: 'realName' | 'carOwnerName' | 'brandName' | 'carFrameNumber' | 'address', max: number) => {
    const value = v[field]?.trim() ?? '';
    if (!value) out[field] = t(`quickDispatch.${field}Required`);
    else if (value.length > max) out[field] = t('quickDispatch.tooLong', { max });
  };
  text('realName', LIMITS.name);
  text('carOwnerName', LIMITS.name);
  text('brandName', LIMITS.name);
  text('carFrameNumber', LIMITS.frame);
  text('address', LIMITS.address);
  const phone = v.phone?.trim() ?? '';
  if (!phone) out.phone = t('quickDispatch.phoneRequired');
  else if (!MOBILE_PATTERN.test(phone)) out.phone = t('quickDispatch.phoneInvalid');
  if (!v.reserveTime) out.reserveTime = t('quickDispatch.reserveTimeRequired');
  else if (isReserveDisabled(v.reserveTime, now)) out.reserveTime = t('quickDispatch.reserveTimeTooEarly');
  if (v.installProductId === undefined && needsProduct(v.orderType ?? 1)) out.installProductId = t('quickDispatch.installProductIdRequired');
  if (!out.address && (v.lng === undefined || v.lat === undefined)) out.address = t('quickDispatch.pointRequired');
  return out;
}

/**
 * The address a searched place stands for. The gazetteer's name is the last part of its full name
 * (西湖区 of 浙江省杭州市西湖区); AMap's name is a whole address and the full name only its province and city.
 */
export function placeAddress(place: GeoPlace): string {
  if (place.name.startsWith(place.fullName)) return place.name;
  if (place.fullName.endsWith(place.name)) return place.fullName;
  return place.fullName + place.name;
}

/** Choosing a car from the frame-number search fills what the car already knows. */
export function carFields(car: OrderCar): Pick<QuickDispatchValues, 'carFrameNumber' | 'brandName' | 'carOwnerName'> {
  return { carFrameNumber: car.carFrameNumber, brandName: car.brandName, carOwnerName: car.carOwnerName };
}

/** The call's body; the contract's schema has the last word (trimming, the frame number in capitals). */
export function toDispatchBody(v: QuickDispatchValues): DispatchForm {
  return DispatchForm.parse({ ...v, reserveTime: v.reserveTime?.format(RESERVE_FORMAT) });
}
