import type { GeoPlace } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Typography, type FormInstance, type FormItemProps } from 'antd';
import L from 'leaflet';
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { FIXED_CENTER } from '../../components/map/fixedCenter';
import { AddressSearch } from '../../components/map/AddressSearch';
import { handleIcon } from '../../components/map/draw/drawStyle';
import { roundCoordinate, type LngLat } from '../../components/map/draw/geometry';
import { PointPicker } from '../../components/map/draw/PointPicker';
import { PickedPointLayer } from '../../components/map/layers/PickedPointLayer';
import { useMap } from '../../components/map/MapContext';
import { MapView } from '../../components/map/MapView';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { reverseQuery } from '../riskPoints/riskPoints.queries';
import { LIMITS, MAP_ZOOM, placeAddress, type QuickDispatchValues } from './quickDispatchForm';

type Props = { form: FormInstance<QuickDispatchValues>; addressRules: FormItemProps['rules'] };

const NOWHERE: LngLat = { lng: 0, lat: 0 };

/** A handle on the pin's point: the pin itself is drawn without events, so that clicks reach the map. */
function PinHandle({ point, title, onMove }: { point: LngLat; title: string; onMove: (point: LngLat) => void }) {
  const { map, toMap, fromMap } = useMap();
  const move = useEffectEvent(onMove);
  useEffect(() => {
    const handle = L.marker(toMap(point.lng, point.lat), { icon: handleIcon('centre'), draggable: true, keyboard: false, title, zIndexOffset: 1000 });
    handle.on('dragend', () => {
      const p = fromMap(handle.getLatLng());
      move({ lng: roundCoordinate(p.lng), lat: roundCoordinate(p.lat) });
    });
    handle.addTo(map);
    return () => {
      handle.remove();
    };
  }, [map, toMap, fromMap, point, title]);
  return null;
}

/**
 * 安装地址: the address search (whole country), the map at zoom 17 and the address text. A searched
 * place brings its own address; a point clicked or dragged to is looked up (reverse geocoding), and
 * the operator may still correct the text. lng/lat are kept in WGS-84, whatever datum the map shows.
 */
export function QuickDispatchPlace({ form, addressRules }: Props) {
  const { t } = useI18n();
  const lng = Form.useWatch('lng', form);
  const lat = Form.useWatch('lat', form);
  const point = useMemo(() => (lng === undefined || lat === undefined ? null : { lng, lat }), [lng, lat]);
  // Only a point chosen on the map is looked up: a searched place has a better address than its district.
  const [lookUp, setLookUp] = useState<LngLat | null>(null);
  const reverse = useQuery({ ...reverseQuery(lookUp ?? NOWHERE), enabled: lookUp !== null });
  const found = lookUp && reverse.isSuccess ? reverse.data : undefined;

  const place = (at: LngLat, address?: string) => {
    form.setFieldsValue(address === undefined ? at : { ...at, address });
    if (address !== undefined || form.getFieldError('address').length > 0) void form.validateFields(['address']);
  };
  const pickOnMap = (at: LngLat) => {
    setLookUp(at);
    place(at);
  };
  const pickPlace = (p: GeoPlace) => {
    setLookUp(null);
    place({ lng: p.lng, lat: p.lat }, placeAddress(p));
  };

  useEffect(() => {
    if (found === undefined) return;
    // Off any known city the old text would be wrong: the operator types the address instead.
    form.setFieldValue('address', found?.address ?? '');
    if (found) void form.validateFields(['address']);
  }, [form, found]);

  return (
    <>
      <AddressSearch onPick={pickPlace} />
      <div className="quick-dispatch-map-box">
        <MapView className="quick-dispatch-map" center={FIXED_CENTER} zoom={MAP_ZOOM}>
          <PointPicker onPick={pickOnMap} />
          {point && <PickedPointLayer point={point} />}
          {point && <PinHandle point={point} title={t('quickDispatch.dragHandle')} onMove={pickOnMap} />}
        </MapView>
      </div>
      <Typography.Paragraph type="secondary" className="quick-dispatch-hint">
        {t('quickDispatch.mapHint')}
      </Typography.Paragraph>
      <Form.Item
        name="address"
        label={t('quickDispatch.address')}
        required
        rules={addressRules}
        extra={lookUp && reverse.isFetching ? t('quickDispatch.addressLoading') : found === null ? t('quickDispatch.addressUnknown') : undefined}
      >
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={LIMITS.address} placeholder={t('quickDispatch.addressPlaceholder')} />
      </Form.Item>
      <Form.Item name="lng" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="lat" hidden>
        <Input />
      </Form.Item>
    </>
  );
}
