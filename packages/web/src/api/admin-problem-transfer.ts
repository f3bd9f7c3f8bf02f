import type { ProblemImportData } from '@verdict/shared';
import { DOWNLOAD_TIMEOUT_MS } from '../config/constants';
import { post } from './answer-calls';
import { downloadFile } from './download';
import { ApiError, type ApiEnvelope } from './http';

/**
 * Problem export and import (reference §3.11, §11; root only): the export is a zip download, each
 * import format a multipart upload answering the envelope with the per-problem result in `data`.
 */

/** `GET /api/file/export-problem?pid=…&pid=…`: downloads `problem_export_<ms>.zip`. */
export const exportProblems = (query: string) => downloadFile(`/api/file/export-problem?${query}`);

/** What an import answered: its message and `data`, also when some or all problems failed. */
export interface ImportAnswer {
  /** body status 200 */
  ok: boolean;
  msg: string;
  /** null when the file itself was refused */
  data: ProblemImportData | null;
}

/**
 * Uploads `file` (field `file`) to an import route with upload progress (0–100). A failure the
 * server explains (body status 400 with the result, or an HTTP error with a message) is answered,
 * not thrown: the screen shows it with its per-problem data. A cancelled, timed-out or broken call
 * throws the client's ApiError.
 */
export async function importProblems(
  route: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const answer = await post<ProblemImportData>(route, form, {
      timeout: DOWNLOAD_TIMEOUT_MS,
      signal,
      onUploadProgress: (event) => {
        if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      },
    });
    return { ok: true, msg: answer.msg, data: answer.data };
  } catch (error) {
    if (error instanceof ApiError && (error.kind === 'business' || error.kind === 'http')) {
      const body = error.response?.data as Partial<ApiEnvelope<ProblemImportData | null>> | undefined;
      // the toast's text: the server's message, or the client's for a message-less HTTP error
      const msg = error.message || (typeof body?.msg === 'string' ? body.msg : '');
      return { ok: false, msg, data: body?.data ?? null };
    }
    throw error;
  }
}
