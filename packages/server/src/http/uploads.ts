import type { MultipartFile } from '@fastify/multipart';
import { ApiError } from './errors.ts';
import type { Message } from './messages.ts';

/**
 * Multipart file uploads (issue 24 item 11). @fastify/multipart stops reading a file at its
 * `fileSize` limit and marks the stream `truncated`; depending on when busboy sets that flag, a
 * read of the part can end without the "too large" error, so a 20 MB avatar was stored as its
 * first 2 MiB and answered success. Every multipart route reads its file with these helpers, which
 * check the flag once the stream has ended.
 */

/** The refusal of a file over the limit: HTTP 413, the envelope's status 400, a message naming the limit. */
export function fileTooLarge(message: Message): ApiError {
  return new ApiError(400, message, 413);
}

/** The multipart plugin's own "too large" error (thrown while reading, when it notices in time). */
export function isFileTooLargeError(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Reads an uploaded file whole. Refuses it with `tooLarge` when it was cut at the size limit or is
 * longer than `maxBytes`.
 */
export async function readWholeFile(
  part: MultipartFile,
  maxBytes: number,
  tooLarge: Message,
): Promise<Buffer> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (isFileTooLargeError(error)) throw fileTooLarge(tooLarge);
    throw error;
  }
  if (part.file.truncated || bytes.length > maxBytes) throw fileTooLarge(tooLarge);
  return bytes;
}

/** After an uploaded file's stream was written somewhere: refuses it when it was cut at the limit. */
export function assertFileWhole(part: MultipartFile, tooLarge: Message): void {
  if (part.file.truncated) throw fileTooLarge(tooLarge);
}
