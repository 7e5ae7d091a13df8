/** A terminal's JT/T 808 registration and the positions the gateway refused, on the device screens. */
export const terminalZh = {
  'terminal.registration': '终端注册',
  'terminal.registered': '已注册',
  'terminal.unregistered': '未注册',
  'terminal.registeredAt': '注册于 {time}',
  'terminal.unregisteredHint': '终端下次连接时可重新注册',
  'terminal.invalidPositions': '无效定位',
  'terminal.invalidHint': '最近一次 {time}：{reason}',
  'terminal.reset': '重置注册',
  'terminal.resetConfirm': '重置设备 {device} 的注册？',
  'terminal.resetDetail': '原鉴权码立即失效，当前连接将被断开，下一个以该设备号注册的终端将获得新鉴权码。此操作会记录审计日志。',
};

export const terminalEn: Record<keyof typeof terminalZh, string> = {
  'terminal.registration': 'Registration',
  'terminal.registered': 'Registered',
  'terminal.unregistered': 'Not registered',
  'terminal.registeredAt': 'Registered at {time}',
  'terminal.unregisteredHint': 'The terminal may register on its next connection',
  'terminal.invalidPositions': 'Invalid fixes',
  'terminal.invalidHint': 'Latest at {time}: {reason}',
  'terminal.reset': 'Reset registration',
  'terminal.resetConfirm': 'Reset the registration of {device}?',
  'terminal.resetDetail': 'Its auth code stops working at once, its connection is closed, and the next terminal to register with this number gets a new code. The reset is audited.',
};
