import { LoanImportCalls, type LoanImportStatus } from '@cvrisk/contracts';
import { call, download } from '../../api/call';

export const downloadTemplate = () => download(LoanImportCalls.template, undefined, { fallbackName: '贷款导入模板.xlsx' });
export const startImport = (fileName: string, content: string) => call(LoanImportCalls.importFile, { body: { fileName, content } });
export const importStatus = (id: number, signal?: AbortSignal) => call(LoanImportCalls.status, { query: { id } }, { signal });
export const isRunning = (s: LoanImportStatus) => s.phase === 'reading' || s.phase === 'checking' || s.phase === 'saving';

/** The file's bytes as base64, as the import call takes them. */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}
