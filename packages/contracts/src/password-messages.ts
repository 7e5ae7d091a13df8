// Without a schema: the console's messages read these on the login page, where zod is not loaded.

/** The password policy's messages; the last two are checked by the server, which knows the user and the history. */
export const PASSWORD_MESSAGES = {
  short: '密码至少8位',
  long: '密码最多64位',
  mix: '密码须同时包含字母和数字',
  username: '新密码不能与用户名相同',
  reused: '新密码不能与最近3次使用的密码相同',
  wrongCurrent: '当前密码不正确',
} as const;
