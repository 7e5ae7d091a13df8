import type { PortraitCar } from '@cvrisk/contracts';
import { Card, Empty, List, Segmented, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { DeviceKindTag, DeviceStateTag, NoLiveDeviceTag } from '../../components/StatusTags';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { monitoringPath, playbackPath } from '../monitoring/trackLinks';

/**
 * The customer's cars (one chosen for the figures below) and each device's latest state; a car whose
 * devices were all taken off is marked, since nothing reports where it is.
 */
export function CarsCard({ cars, carId, onCar }: { cars: PortraitCar[]; carId: number | null; onCar: (id: number) => void }) {
  const { t } = useI18n();
  const car = cars.find((c) => c.carId === carId) ?? null;
  return (
    <Card className="portrait-card" title={t('portrait.cars')}
      extra={cars.length > 1 && <Segmented size="small" value={carId ?? undefined} onChange={(v) => onCar(Number(v))} options={cars.map((c) => ({ value: c.carId, label: c.plateNumber }))} />}>
      {!car ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portrait.noCar')} /> : (
        <>
          <Space size={8} wrap>
            <Typography.Text strong>{`${car.plateNumber} · ${car.brandName} ${car.modelName} · ${car.color}`}</Typography.Text>
            {car.devices.length === 0 && <NoLiveDeviceTag />}
          </Space>
          <div><Typography.Text type="secondary">{car.carFrameNumber}</Typography.Text></div>
          <List
            size="small"
            dataSource={car.devices}
            locale={{ emptyText: t('portrait.noDevice') }}
            renderItem={(d) => (
              <List.Item
                actions={[
                  <Link key="track" to={playbackPath(d.kind, d.deviceNumber)}>{t('portrait.track')}</Link>,
                  <Link key="monitor" to={monitoringPath(d.deviceNumber)}>{t('portrait.monitor')}</Link>,
                ]}
              >
                <div className="portrait-device">
                  <Space size={4} wrap>
                    <span>{d.deviceNumber}</span>
                    <DeviceKindTag kind={d.kind} />
                    <DeviceStateTag state={d.state} />
                    {d.battery !== null && <Typography.Text type="secondary">{t('portrait.battery', { n: d.battery })}</Typography.Text>}
                  </Space>
                  <Typography.Text type="secondary" className="portrait-line">{[d.lastTime, d.address].filter(Boolean).join(' · ')}</Typography.Text>
                  {d.installTime && <Typography.Text type="secondary" className="portrait-line">{t('portrait.installed', { time: d.installTime })}</Typography.Text>}
                </div>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
