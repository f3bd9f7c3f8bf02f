import { DOWNLOAD_TIMEOUT_MS } from '../config/constants';
import { toast } from '../feedback/toast';
import { translate } from '../i18n';
import { http } from './http';

/**
 * Download a file as a blob (spec part 1 §8, §9: 5 minute time-out). A JSON answer instead of a
 * file shows its msg as info or its error as an error toast, else 'Invalid file format'.
 */
export async function downloadFile(url: string, params?: Record<string, unknown>): Promise<void> {
  const response = await http.get<Blob>(url, { params, responseType: 'blob', timeout: DOWNLOAD_TIMEOUT_MS });
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('json')) {
    await reportJsonInsteadOfFile(response.data);
    return;
  }
  saveBlob(response.data, fileNameFrom(String(response.headers['content-disposition'] ?? '')));
  toast.success(translate('errors.downloading'));
}

async function reportJsonInsteadOfFile(blob: Blob): Promise<void> {
  let body: { msg?: unknown; error?: unknown } | null = null;
  try {
    body = JSON.parse(await blob.text()) as { msg?: unknown; error?: unknown };
  } catch {
    body = null;
  }
  if (body && typeof body.msg === 'string' && body.msg !== '') toast.info(body.msg);
  else if (body && typeof body.error === 'string' && body.error !== '') toast.error(body.error);
  else toast.error(translate('errors.invalidFileFormat'));
}

/** reference §1.2: `Content-disposition: attachment;filename=<url-encoded>`. */
export function fileNameFrom(contentDisposition: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition);
  if (!match?.[1]) return 'download';
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

function saveBlob(blob: Blob, fileName: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is released.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
