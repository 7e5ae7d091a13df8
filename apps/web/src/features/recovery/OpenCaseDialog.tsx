import { RECOVERY_LIMITS, type CaseOpen, type CaseSource, type PortraitCustomer } from '@cvrisk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/SessionContext';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { portraitCustomerQuery } from '../userPortrait/portrait.queries';
import { casePath } from './caseColumns';
import { CustomerPicker, type PickedCustomer } from './CustomerPicker';
import { openCase, RECOVERY_KEY, recoveryTeamsQuery } from './recovery.queries';

type Props = {
  /** The customer, when the entry point knows them; without one (新建案件) the dialog asks. */
  customerId?: number;
  customerName?: string;
  source: CaseSource;
  /** The warning the case is opened from (source warning). */
  warningId?: number;
  /** The cars ticked at first (a warning's car); otherwise all the customer's cars. */
  carIds?: number[];
  /** What the entry point saw (the warning's type); otherwise the loan's overdue days say why. */
  reason?: string;
  onClose: () => void;
};

type Values = { customerId?: number; reason: string; carIds?: number[]; teamDeptId?: number };

/** The customer's longest-overdue loan, as the reason a collector would write first. */
function overdueReason(c: PortraitCustomer, t: Translate): string | undefined {
  const days = Math.max(0, ...c.loans.map((l) => l.overdueDays));
  return days > 0 ? t('recovery.reasonOverdue', { days }) : undefined;
}

/**
 * 发起追车: a case on a customer and their cars, with why, optionally given to a recovery company at
 * once; then the new case's page. The cars come from the customer's portrait; a caller who may not
 * read it opens the case on all the customer's cars.
 */
export function OpenCaseDialog({ customerId, customerName, source, warningId, carIds, reason, onClose }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [picked, setPicked] = useState<PickedCustomer | null>(customerId === undefined ? null : { id: customerId, name: customerName ?? '' });
  const [busy, setBusy] = useState(false);
  // The portrait needs customer:view; without it the case covers all the customer's cars.
  const seesCustomers = useSession().user.permissions.includes('customer:view');
  const customer = useQuery({ ...portraitCustomerQuery(picked?.id ?? 0), enabled: picked !== null && seesCustomers });
  const teams = useQuery(recoveryTeamsQuery());
  const cars = customer.data?.cars;

  // The customer's cars and a reason arrive with their portrait: fill what the person has not touched yet.
  useEffect(() => {
    const c = customer.data;
    if (!c) return;
    const known = new Set(c.cars.map((car) => car.carId));
    const first = carIds?.filter((id) => known.has(id));
    form.setFieldValue('carIds', first && first.length > 0 ? first : [...known]);
    const said = reason ?? overdueReason(c, t);
    if (said && !form.isFieldTouched('reason') && !form.getFieldValue('reason')) form.setFieldValue('reason', said);
  }, [customer.data, carIds, reason, form, t]);

  const ok = async () => {
    // An invalid field is shown under it; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values || !picked) return;
    const body: CaseOpen = {
      customerId: picked.id,
      source,
      reason: values.reason.trim(),
      ...(warningId === undefined ? {} : { warningId }),
      ...(cars && values.carIds ? { carIds: values.carIds } : {}),
      ...(values.teamDeptId === undefined ? {} : { teamDeptId: values.teamDeptId }),
    };
    setBusy(true);
    try {
      const opened = await openCase(body);
      void message.success(t('recovery.opened', { caseNo: opened.case.caseNo }));
      void client.invalidateQueries({ queryKey: [RECOVERY_KEY] });
      onClose();
      void navigate(casePath(opened.case.id));
    } catch {
      // The http layer has already toasted the server's message (the customer has an open case already).
    } finally {
      setBusy(false);
    }
  };

  const teamOptions = (teams.data ?? []).map((team) => ({
    value: team.id,
    label: t('recovery.teamOption', { name: team.name, count: team.openCases }),
    disabled: team.disabled,
  }));
  return (
    <Modal
      open
      title={customerId === undefined ? t('recovery.openTitle') : t('recovery.openTitleFor', { name: customerName ?? '' })}
      okText={t('recovery.submit')}
      okButtonProps={{ loading: busy }}
      onOk={ok}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ reason: reason ?? '' }}>
        {customerId === undefined && (
          <Form.Item name="customerId" label={t('recovery.pickCustomer')} rules={[{ required: true, message: t('recovery.customerRequired') }]}>
            <CustomerPicker onPick={setPicked} />
          </Form.Item>
        )}
        <Form.Item
          name="reason"
          label={t('recovery.reason')}
          extra={t('recovery.reasonHint')}
          rules={[
            { validator: (_r, v: string | undefined) => ((v ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(t('recovery.reasonRequired')))) },
            { max: RECOVERY_LIMITS.reasonMax, message: t('recovery.reasonTooLong', { max: RECOVERY_LIMITS.reasonMax }) },
          ]}
        >
          <Input.TextArea rows={3} maxLength={RECOVERY_LIMITS.reasonMax} showCount />
        </Form.Item>
        {picked && cars && (
          <Form.Item name="carIds" label={t('recovery.cars')} rules={[{ required: true, type: 'array', min: 1, message: t('recovery.carsRequired') }]}>
            <Checkbox.Group className="recovery-cars" options={cars.map((car) => ({ value: car.carId, label: `${car.plateNumber || car.carFrameNumber} ${car.brandName}`.trim() }))} />
          </Form.Item>
        )}
        {picked && !cars && !customer.isFetching && (
          <Form.Item label={t('recovery.cars')}>
            <Typography.Text type="secondary">{t('recovery.carsAll')}</Typography.Text>
          </Form.Item>
        )}
        <Form.Item name="teamDeptId" label={t('recovery.teamOptional')} extra={teams.data?.length === 0 ? t('recovery.teamNone') : t('recovery.teamHint')}>
          <Select allowClear loading={teams.isPending} placeholder={t('common.placeholderSelect')} options={teamOptions} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
