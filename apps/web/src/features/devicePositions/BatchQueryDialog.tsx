import { SearchOutlined } from '@ant-design/icons';
import type { DevicePositionItem } from '@cvrisk/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, Modal, Table, Typography } from 'antd';
import type { ListColumn } from '../../components/ListTable';
import { useI18n } from '../../lib/i18n/I18nProvider';
import type { Translate } from '../../lib/i18n/translate';
import { missingNumbers, pasteProblem, splitDeviceNumbers, type PasteProblem } from '../../lib/pastedNumbers';
import { fetchDevicesByNumbers } from './positions.queries';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The list screen's columns, so a found device reads the same here (with its 指令 button). */
  columns: ListColumn<DevicePositionItem>[];
};

/** The columns that matter when checking a pasted batch; the rest stay on the list screen. */
const SHOWN = ['deviceNumber', 'deviceKind', 'state', 'speed', 'plateNumber', 'customerName', 'lastTime', 'address', 'position', 'action'];

/** The modal's padding on both sides and the table's outer borders. */
const MODAL_PADDING = 50;

function problemText(p: PasteProblem, t: Translate): string {
  if (p.kind === 'empty') return t('batch.empty');
  if (p.kind === 'tooMany') return t('batch.tooMany', { count: p.count });
  return t('batch.tooLong', { number: p.number });
}

/** 批量查询: paste up to 1000 device numbers, see the ones found and which were not. */
export function BatchQueryDialog({ open, onClose, columns }: Props) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<{ numbers: string }>();
  const pasted = Form.useWatch('numbers', form) ?? '';
  const recognised = splitDeviceNumbers(pasted).length;
  const lookup = useMutation({
    mutationFn: async (asked: string[]) => ({ asked, found: await fetchDevicesByNumbers(asked) }),
  });
  const result = lookup.data;
  const missing = result ? missingNumbers(result.asked, result.found) : [];
  const width = columns.filter((c) => SHOWN.includes(c.key)).reduce((sum, c) => sum + c.width, 0);

  return (
    <Modal
      title={t('batch.title')}
      open={open}
      onCancel={onClose}
      footer={null}
      // As wide as its columns (the antd modal stops at the window's edge), so none hides under 操作.
      width={width + MODAL_PADDING}
      style={{ top: 32 }}
      destroyOnHidden
      afterClose={() => lookup.reset()}
    >
      <Form form={form} layout="vertical" onFinish={({ numbers }) => lookup.mutate(splitDeviceNumbers(numbers ?? ''))}>
        <Form.Item
          name="numbers"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = pasteProblem(splitDeviceNumbers(value ?? ''));
                if (problem) throw new Error(problemText(problem, t));
              },
            },
          ]}
          className="batch-numbers"
        >
          <Input.TextArea rows={4} placeholder={t('batch.placeholder')} aria-label={t('batch.title')} />
        </Form.Item>
        <div className="batch-actions">
          <Typography.Text type="secondary">{recognised > 0 && t('batch.recognised', { count: recognised })}</Typography.Text>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={lookup.isPending}>
            {t('common.search')}
          </Button>
        </div>
      </Form>
      {result && (
        <Alert
          className="batch-result"
          type={missing.length ? 'warning' : 'success'}
          showIcon
          title={t('batch.result', { asked: result.asked.length, found: result.found.length, missing: missing.length })}
          description={
            missing.length > 0 && (
              <Typography.Paragraph className="batch-missing" copyable={{ text: missing.join('\n') }} ellipsis={{ rows: 2, expandable: true, symbol: t('common.expand') }}>
                {t('batch.missing')}
                {missing.join(lang === 'zh' ? '，' : ', ')}
              </Typography.Paragraph>
            )
          }
        />
      )}
      <Table<DevicePositionItem>
        rowKey="id"
        size="small"
        bordered
        columns={columns.filter((c) => SHOWN.includes(c.key))}
        dataSource={result?.found}
        loading={lookup.isPending}
        scroll={{ x: width, y: 'max(200px, calc(100vh - 460px))' }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true, showTotal: (total) => t('common.total', { total }) }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={result ? t('batch.noneFound') : t('batch.prompt')} />,
        }}
      />
    </Modal>
  );
}
