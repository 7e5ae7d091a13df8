import { DISPATCH_LIMITS, ORDER_FILE_TYPES } from '@cvrisk/contracts';

/**
 * Whether the server would take the file: the types it recognises from the bytes, at most 10 MB.
 * Checked before reading, so a phone does not send 10 MB only to hear no.
 */
export function isOrderFile(file: File): boolean {
  return (ORDER_FILE_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= DISPATCH_LIMITS.maxFileBytes;
}

/** The file's bytes as base64, as the upload carries them. */
export function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    // A data URL is `data:<type>;base64,<bytes>`.
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
