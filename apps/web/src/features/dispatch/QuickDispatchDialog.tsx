import { DEVICE_SOURCE_LABELS, DeviceSources, ORDER_TYPE_LABELS, OrderTypes, type OrderCar } from '@cvrisk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AutoComplete, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { TOPBAR_MODAL_Z } from '../../app/layout/topbar/TickerDetailsDialog';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { useDebounced } from '../../lib/useDebounced';
import { productsQuery } from '../catalog/catalog.queries';
import { useOrderChange } from './dispatch.queries';
import { carSearchQuery, quickDispatch } from './quickDispatch.queries';
import {
  carFields, dispatchProblems, isReserveDisabled, LIMITS, needsProduct, quickDispatchDefaults, RESERVE_FORMAT, toDispatchBody,
  type DispatchField, type QuickDispatchValues,
} from './quickDispatchForm';
import { QuickDispatchPlace } from './QuickDispatchPlace';
import './quickDispatch.css';

/** Typing in the frame number pauses this long before the server is asked. */
const CAR_SEARCH_DELAY_MS = 300;

type Props = { open: boolean; onClose: () => void };

function CarOption({ car }: { car: OrderCar }) {
  return (
    <div className="quick-dispatch-car">
      <span>{car.carFrameNumber}</span>
      <Typography.Text type="secondary">{[car.plateNumber, car.brandName, car.carOwnerName, car.deptName].filter(Boolean).join(' · ')}</Typography.Text>
    </div>
  );
}

/**
 * 快速派单 (console-spec §2, §3): an install or maintenance order from the top bar. The frame number
 * finds the car and fills brand and owner; the install place comes from the map or the address search.
 * Nothing outlives an opening (the top-bar button mounts a new dialog each time, and a hidden one is
 * destroyed with its map), so each opening starts from the defaults with an empty search.
 */
export function QuickDispatchDialog({ open, onClose }: Props) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<QuickDispatchValues>();
  const orderType = Form.useWatch('orderType', form) ?? 1;
  const products = useQuery({ ...productsQuery(), enabled: open });
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim().slice(0, LIMITS.frame), CAR_SEARCH_DELAY_MS);
  const cars = useQuery({ ...carSearchQuery(keyword), placeholderData: keepPreviousData });
  // Toasts the server's message (派单成功) and refreshes every order view.
  const send = useOrderChange((values: QuickDispatchValues) => quickDispatch(toDispatchBody(values)));

  const rule = (field: DispatchField) => ({
    validator: async () => {
      const problem = dispatchProblems(form.getFieldsValue(true), t, dayjs())[field];
      if (problem) throw new Error(problem);
    },
  });
  const pickCar = (car: OrderCar) => {
    form.setFieldsValue(carFields(car));
    void form.validateFields(['brandName', 'carOwnerName']);
  };
  const field = (name: DispatchField) => ({ name, label: t(`quickDispatch.${name}`), required: true, rules: [rule(name)] });
  const placeholder = (name: DispatchField) => t(`quickDispatch.${name}Placeholder`);

  return (
    <Modal
      open={open}
      title={t('quickDispatch.title')}
      okText={t('quickDispatch.submit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={send.isPending}
      width={{ xs: '100%', md: 760, lg: 960 }}
      zIndex={TOPBAR_MODAL_Z}
      rootClassName="quick-dispatch-modal"
      destroyOnHidden
    >
      <Form<QuickDispatchValues>
        form={form}
        layout="vertical"
        className="quick-dispatch-form"
        initialValues={quickDispatchDefaults()}
        preserve={false}
        onFinish={(values) => send.mutate(values, { onSuccess: onClose })}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item {...field('realName')}>
              <Input maxLength={LIMITS.name} placeholder={placeholder('realName')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item {...field('phone')}>
              <Input maxLength={LIMITS.phone} inputMode="numeric" placeholder={placeholder('phone')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item {...field('carFrameNumber')}>
              <AutoComplete
                showSearch={{ filterOption: false, onSearch: setTyped }}
                options={(keyword ? (cars.data ?? []) : []).map((car) => ({ value: car.carFrameNumber, label: <CarOption car={car} />, car }))}
                notFoundContent={keyword && (cars.isFetching ? t('quickDispatch.carSearching') : t('quickDispatch.carNotFound'))}
                onSelect={(_: string, option: { car: OrderCar }) => pickCar(option.car)}
              >
                {/* An input of its own keeps the field as tall as its neighbours once a car is chosen. */}
                <Input maxLength={LIMITS.frame} placeholder={placeholder('carFrameNumber')} />
              </AutoComplete>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item {...field('brandName')}>
              <Input maxLength={LIMITS.name} placeholder={placeholder('brandName')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item {...field('carOwnerName')}>
              <Input maxLength={LIMITS.name} placeholder={placeholder('carOwnerName')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item {...field('reserveTime')}>
              <DatePicker
                showTime
                format={RESERVE_FORMAT}
                disabledDate={(d) => isReserveDisabled(d, dayjs())}
                placeholder={placeholder('reserveTime')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="orderType" label={t('quickDispatch.orderType')} required>
              <Radio.Group options={OrderTypes.map((v) => ({ value: v, label: ORDER_TYPE_LABELS[v][lang] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item name="deviceSource" label={t('quickDispatch.deviceSource')} required>
              <Radio.Group options={DeviceSources.map((v) => ({ value: v, label: DEVICE_SOURCE_LABELS[v][lang] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={8}>
            <Form.Item
              {...field('installProductId')}
              required={needsProduct(orderType)}
              dependencies={['orderType']}
              extra={needsProduct(orderType) ? undefined : t('quickDispatch.productOptional')}
            >
              <Select
                allowClear
                placeholder={placeholder('installProductId')}
                loading={products.isFetching}
                options={(products.data ?? []).map((p) => ({ value: p.id, label: p.productName }))}
              />
            </Form.Item>
          </Col>
        </Row>
        <QuickDispatchPlace form={form} addressRules={[rule('address')]} />
      </Form>
    </Modal>
  );
}
