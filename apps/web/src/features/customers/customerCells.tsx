import { type CarLatest, type TypeCount } from '@cvrisk/contracts';
import { Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { DeviceStateTag } from '../../components/StatusTags';
import { EMPTY } from '../../lib/format';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { portraitPath } from '../../lib/portraitLinks';

/** The customer's name, opening their portrait: every screen that names a customer links it. */
export function CustomerLink({ customerId, name, fraud }: { customerId: number; name: string; fraud?: boolean }) {
  const { t } = useI18n();
  return (
    <Space size={4}>
      <Link to={portraitPath({ customerId })}>{name}</Link>
      {fraud && <Tag color="volcano">{t('customers.fraudTag')}</Tag>}
    </Space>
  );
}

/** Unhandled warnings by type, each opening the warning list of that type for the customer. */
export function UnhandledTypes({ types, phone }: { types: TypeCount[]; phone: string }) {
  if (types.length === 0) return <>{EMPTY}</>;
  return (
    <Space size={[4, 4]} wrap>
      {types.map((w) => (
        <Link key={w.warningType} to={`/risk/riskWarning?${new URLSearchParams({ warningType: String(w.warningType), dealStatus: '0', ...(phone.includes('*') ? {} : { customerPhone: phone }) })}`}>
          <Tag color="red">{`${w.warningTypeName.replace(/预警$/, '')} ${w.count}`}</Tag>
        </Link>
      ))}
    </Space>
  );
}

/** Where the car is now: plate, state, last report and its address. */
export function CarNow({ car }: { car: CarLatest | null }) {
  if (!car) return <>{EMPTY}</>;
  return (
    <div className="customer-car">
      <Space size={4}>
        <span>{car.plateNumber}</span>
        <DeviceStateTag state={car.state} />
      </Space>
      {car.lastTime && <Typography.Text type="secondary" className="customer-car-line">{car.lastTime}</Typography.Text>}
      {car.lastAddress && <Typography.Text type="secondary" className="customer-car-line" ellipsis={{ tooltip: car.lastAddress }}>{car.lastAddress}</Typography.Text>}
    </div>
  );
}

export const yuan = (n: number) => `¥${n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
