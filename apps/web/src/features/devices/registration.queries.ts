import { DeviceCalls } from '@cvrisk/contracts';
import { callWithMessage } from '../../api/call';

/** The server's message says whether the terminal was also disconnected. */
export async function resetRegistration(deviceNumber: string) {
  const { value, msg } = await callWithMessage(DeviceCalls.resetRegistration, { body: { deviceNumber } });
  return { result: value, msg };
}
