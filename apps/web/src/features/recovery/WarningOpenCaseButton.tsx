import { AimOutlined } from '@ant-design/icons';
import { warningTypeName, type WarningDetailEntity } from '@cvrisk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { portraitTargetQuery } from '../userPortrait/portrait.queries';
import { useMayOpenCase } from './OpenCaseButton';
import { OpenCaseDialog } from './OpenCaseDialog';

type Target = { customerId: number; carId: number };

/**
 * 发起追车 from a warning: the warning names its device, not its customer, so the customer is found
 * from the device when the button is pressed (one call only for those who use it). The warning's car
 * is ticked first and its type is the reason to start from. Nothing for a car without a customer, or a
 * caller without recovery:manage.
 */
export function WarningOpenCaseButton({ entity }: { entity: WarningDetailEntity }) {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const [target, setTarget] = useState<Target | null>(null);
  const [finding, setFinding] = useState(false);
  if (!useMayOpenCase() || entity.customerName === null) return null;

  const start = async () => {
    setFinding(true);
    try {
      setTarget(await client.fetchQuery(portraitTargetQuery(entity.deviceNumber)));
    } catch {
      // The http layer has already said why (the device's car has no customer any more).
    } finally {
      setFinding(false);
    }
  };
  return (
    <>
      <Button size="small" icon={<AimOutlined />} loading={finding} onClick={() => void start()}>
        {t('recovery.start')}
      </Button>
      {target && (
        <OpenCaseDialog
          customerId={target.customerId}
          customerName={entity.customerName}
          source="warning"
          warningId={entity.id}
          carIds={[target.carId]}
          reason={t('recovery.reasonWarning', { type: warningTypeName(entity.warningType, lang, entity.warningTypeName) })}
          onClose={() => setTarget(null)}
        />
      )}
    </>
  );
}
