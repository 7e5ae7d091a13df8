import type { PortraitCustomer } from '@cvrisk/contracts';
import { Button, Card, Descriptions, Empty, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CustomerGradeTag, LoanStatusTag } from '../../components/StatusTags';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { yuan } from '../customers/customerCells';
import { MarkFraudDialog } from '../customers/MarkFraudDialog';
import { OpenCaseButton } from '../recovery/OpenCaseButton';

/** Who the customer is, their loans, and the loan-fraud flag with its reason. */
export function CustomerCard({ c, canMark }: { c: PortraitCustomer; canMark: boolean }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [marking, setMarking] = useState(false);
  const warningsOf = () => navigate(`/risk/riskWarning?${new URLSearchParams(c.customerPhone.includes('*') ? {} : { customerPhone: c.customerPhone })}`);
  return (
    <Card
      className="portrait-card portrait-customer"
      title={
        <Space size={8} wrap>
          <Typography.Title level={4} className="portrait-name">{c.customerName}</Typography.Title>
          <CustomerGradeTag grade={c.grade} />
          {c.fraud && <Tag color="volcano" title={c.fraudReason ?? undefined}>{t('customers.fraudTag')}</Tag>}
        </Space>
      }
      extra={
        <Space size={4}>
          <Button size="small" onClick={warningsOf}>{t('portrait.viewWarnings')}</Button>
          <OpenCaseButton size="small" customerId={c.customerId} customerName={c.customerName} source="portrait" />
          {canMark && (
            <Button size="small" danger={!c.fraud} onClick={() => setMarking(true)}>
              {t(c.fraud ? 'customers.unmarkFraud' : 'customers.markFraud')}
            </Button>
          )}
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('customers.phone')}>{c.customerPhone}</Descriptions.Item>
        <Descriptions.Item label={t('customers.idCard')}>{c.idCard}</Descriptions.Item>
        <Descriptions.Item label={t('customers.dept')}>{c.deptName4s}</Descriptions.Item>
        <Descriptions.Item label={t('customers.finance')}>{c.deptName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('portrait.address')}>{c.address || '—'}</Descriptions.Item>
        {c.fraud && <Descriptions.Item label={t('customers.reason')}>{c.fraudReason}</Descriptions.Item>}
      </Descriptions>
      <Typography.Text strong className="portrait-subtitle">{t('portrait.loans')}</Typography.Text>
      {c.loans.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portrait.noLoan')} /> : c.loans.map((l) => (
        <Descriptions key={l.contractNo} size="small" column={{ xs: 1, sm: 2, lg: 4 }} className="portrait-loan">
          <Descriptions.Item label={t('customers.contractNo')}>{l.contractNo}</Descriptions.Item>
          <Descriptions.Item label={t('customers.loanStatus')}><LoanStatusTag status={l.loanStatus} /></Descriptions.Item>
          <Descriptions.Item label={t('customers.loanAmount')}>{yuan(l.loanAmount)}</Descriptions.Item>
          <Descriptions.Item label={t('portrait.term')}>{t('portrait.termMonths', { n: l.termMonths })}</Descriptions.Item>
          <Descriptions.Item label={t('portrait.startDate')}>{l.startDate}</Descriptions.Item>
          <Descriptions.Item label={t('customers.repaymentDay')}>{l.repaymentDay}</Descriptions.Item>
          <Descriptions.Item label={t('customers.overdueDays')}>
            <Typography.Text type={l.overdueDays > 0 ? 'danger' : undefined} strong={l.overdueDays > 0}>{l.overdueDays}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.overdueAmount')}>{yuan(l.overdueAmount)}</Descriptions.Item>
        </Descriptions>
      ))}
      {marking && <MarkFraudDialog customerId={c.customerId} customerName={c.customerName} fraud={c.fraud} onClose={() => setMarking(false)} />}
    </Card>
  );
}
