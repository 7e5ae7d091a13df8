/** Message ids this codec understands. Uplinks are 0x0xxx, platform downlinks 0x8xxx. */
export const MessageId = {
  terminalResponse: 0x0001,
  heartbeat: 0x0002,
  logout: 0x0003,
  register: 0x0100,
  auth: 0x0102,
  location: 0x0200,
  locationQueryReply: 0x0201,
  vehicleControlReply: 0x0500,
  locationBatch: 0x0704,
  platformResponse: 0x8001,
  registerResponse: 0x8100,
  setParameters: 0x8103,
  terminalControl: 0x8105,
  locationQuery: 0x8201,
  temporaryTracking: 0x8202,
  textMessage: 0x8300,
  vehicleControl: 0x8500,
} as const;

/** Result byte of 0x8001 (and, values 0–3, of the terminal's 0x0001). */
export const ResponseResult = { ok: 0, fail: 1, badMessage: 2, unsupported: 3, alarmConfirmed: 4 } as const;

/** Result byte of 0x8100; only `success` carries an auth code. */
export const RegisterResult = {
  success: 0,
  vehicleAlreadyRegistered: 1,
  vehicleUnknown: 2,
  terminalAlreadyRegistered: 3,
  terminalUnknown: 4,
} as const;
