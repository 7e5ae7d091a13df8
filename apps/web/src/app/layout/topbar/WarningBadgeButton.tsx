import { AlertOutlined } from '@ant-design/icons';
import { BADGE_OVERFLOW, TOP_BAR_PAGE_SIZE, TOP_BAR_WINDOW_MS, warningTypeName, type FeedWarning } from '@cvrisk/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Modal, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RiskLevelTag } from '../../../components/StatusTags';
import { useI18n } from '../../../lib/i18n/I18nProvider';
import { orDash } from '../../../lib/format';
import { TickerDetailsDialog, TOPBAR_MODAL_Z } from './TickerDetailsDialog';
import { countQuery, feedListQuery } from './topbar.queries';
import { useButtonTip } from './useButtonTip';

/** The badge counts this many days back (console-spec §9); its tooltip says so. */
const WINDOW_DAYS = Math.round(TOP_BAR_WINDOW_MS / 86_400_000);

/**
 * The risk-warning button: a badge with the unhandled count of the last 3 days (99+ above 99),
 * opening the list of those warnings, 10 a page. The home page counts every unhandled warning, so
 * the tooltip names the window to tell the two figures apart.
 */
export function WarningBadgeButton({ enabled }: { enabled: boolean }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const count = useQuery(countQuery(enabled));
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const list = useQuery(feedListQuery(page, enabled && open));
  const [detail, setDetail] = useState<FeedWarning | null>(null);
  const tip = useButtonTip();
  const unhandled = count.data?.allCountStatus0 ?? 0;

  const columns: TableColumnsType<FeedWarning> = [
    { title: t('push.field.warningType'), dataIndex: 'warningType', width: 120, render: (v: FeedWarning['warningType'], w) => warningTypeName(v, lang, w.warningTypeName) },
    {
      title: t('push.field.riskLevel'), dataIndex: 'riskLevel', width: 80,
      render: (v: FeedWarning['riskLevel']) => <RiskLevelTag level={v} />,
    },
    { title: t('push.field.device'), dataIndex: 'deviceNumber', width: 140 },
    { title: t('push.field.customer'), dataIndex: 'customerName', width: 90, render: orDash },
    { title: t('push.field.time'), dataIndex: 'warningTime', width: 160 },
  ];

  return (
    <>
      <Tooltip title={t('shell.badge.tooltip', { days: WINDOW_DAYS, count: unhandled })} {...tip.tooltip}>
        <Button
          type="text"
          onClick={() => {
            tip.hide();
            setOpen(true);
          }}
          aria-label={t('push.badge.button')}
          className="topbar-badge"
          {...tip.target}
        >
          <Badge count={unhandled} overflowCount={BADGE_OVERFLOW} size="small" offset={[6, -2]}>
            <AlertOutlined style={{ fontSize: 16, color: 'inherit' }} />
          </Badge>
        </Button>
      </Tooltip>
      <Modal
        open={open}
        title={t('push.badge.title')}
        width={760}
        zIndex={TOPBAR_MODAL_Z}
        onCancel={() => setOpen(false)}
        footer={
          <Button
            type="primary"
            onClick={() => {
              setOpen(false);
              void navigate('/risk/riskWarning?dealStatus=0');
            }}
          >
            {t('push.badge.openAll')}
          </Button>
        }
      >
        <Table<FeedWarning>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          // On a phone the five columns scroll sideways inside the dialog instead of being cut.
          scroll={{ x: 'max-content', y: 420 }}
          onRow={(w) => ({ onClick: () => setDetail(w), style: { cursor: 'pointer' } })}
          pagination={{
            current: page, pageSize: TOP_BAR_PAGE_SIZE, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false,
            showTotal: (total) => t('common.total', { total }),
          }}
        />
      </Modal>
      <TickerDetailsDialog warning={detail} onClose={() => setDetail(null)} />
    </>
  );
}
