import { SendOutlined } from '@ant-design/icons';
import { COMMAND_IDS, COMMAND_LABELS, DEVICE_STATE_LABELS, TERMINAL_CONTROLS, type CommandName, type DeviceListItem } from '@cvrisk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Select } from 'antd';
import { useI18n } from '../../lib/i18n/I18nProvider';
import { CommandFields } from './CommandFields';
import { toEqCommand, type CommandFormValues, type FormCommandName } from './commandParams';
import { commandHistoryQuery, sendCommand } from './positions.queries';

const COMMANDS = (Object.keys(COMMAND_IDS) as CommandName[]).filter((c): c is FormCommandName => c !== 'vehicleControl');

type Props = { device: Pick<DeviceListItem, 'deviceNumber' | 'state'> };

/** Sends one JT/T 808 command to the device; the history below shows what becomes of it. */
export function CommandForm({ device }: Props) {
  const { t, lang } = useI18n();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CommandFormValues>();
  const command = Form.useWatch('command', form) ?? 'positionQuery';
  const offline = device.state === 'offline' || device.state === 'never';

  const send = useMutation({
    mutationFn: sendCommand,
    onSuccess: ({ msg }, body) => {
      void message.success(msg);
      void queryClient.invalidateQueries({ queryKey: commandHistoryQuery(device.deviceNumber).queryKey });
      // Ready for the next command of the same kind, without re-sending the same text by accident.
      form.resetFields();
      form.setFieldValue('command', body.command);
    },
  });

  const submit = (values: CommandFormValues) => {
    const body = toEqCommand(device.deviceNumber, values);
    if (body.command !== 'terminalControl') {
      send.mutate(body);
      return;
    }
    // A reset or a factory reset cuts the terminal off for a while: ask once more.
    modal.confirm({
      title: COMMAND_LABELS.terminalControl[lang],
      content: t('command.confirmControl', { deviceNumber: device.deviceNumber, control: TERMINAL_CONTROLS[body.control][lang] }),
      okButtonProps: { danger: true },
      onOk: () => send.mutateAsync(body),
    });
  };

  return (
    <Form<CommandFormValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: lang === 'zh' ? '104px' : '176px' }}
      wrapperCol={{ flex: 1 }}
      labelWrap
      initialValues={{ command: 'positionQuery' }}
      onFinish={submit}
      className="command-form"
    >
      <Form.Item name="command" label={t('command.command')} rules={[{ required: true, message: t('command.selectCommand') }]}>
        <Select options={COMMANDS.map((c) => ({ value: c, label: COMMAND_LABELS[c][lang] }))} />
      </Form.Item>
      <CommandFields command={command} />
      {offline && <Alert className="command-offline" type="info" showIcon title={t('command.offline', { state: DEVICE_STATE_LABELS[device.state][lang] })} />}
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending}>
          {t('command.send')}
        </Button>
      </Form.Item>
    </Form>
  );
}
