import type { CarouselImageVO, DbInfo, EmailConfigBody, EmailConfigVO, WebConfigVO } from '@verdict/shared';
import { DOWNLOAD_TIMEOUT_MS } from '../config/constants';
import { apiDelete, apiGet, apiPost, apiPut } from './http';

/**
 * The admin site settings (reference §3.12 `/api/admin/config/*`, spec part 2 §2.7 "conf"), with the
 * shapes packages/server/src/modules/admin/config answers.
 */

/** `get-email-config`: the password is never sent back, only whether one is stored. */
export type EmailConfig = EmailConfigVO;

export type WebConfig = WebConfigVO;

export const getWebConfig = () => apiGet<WebConfig>('/api/admin/config/get-web-config');
export const setWebConfig = (config: WebConfig) => apiPut<null>('/api/admin/config/set-web-config', config);
export const getEmailConfig = () => apiGet<EmailConfig>('/api/admin/config/get-email-config');
/** An empty password keeps the stored one (server: set-email-config). */
export const setEmailConfig = (config: EmailConfigBody) =>
  apiPut<null>('/api/admin/config/set-email-config', config);
export const sendTestEmail = (email: string) => apiPost<null>('/api/admin/config/test-email', { email });

export const getDbInfo = () => apiGet<DbInfo>('/api/admin/config/get-db-info');

// ---- home carousel (reference §3.2, §3.11, §3.12; the order call is Verdict's) --------------------

export type CarouselImage = CarouselImageVO;

/** `GET /api/home-carousel`: every image in its place, first shown first. */
export const getCarousel = () => apiGet<CarouselImage[]>('/api/home-carousel');

/** `POST /api/file/upload-carouse-img` (sic) with the image in the multipart field `file`; progress 0–100. */
export function uploadCarouselImage(file: File, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiPost<CarouselImage>('/api/file/upload-carouse-img', form, {
    timeout: DOWNLOAD_TIMEOUT_MS,
    onUploadProgress: (event) => {
      if (event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
}

export const deleteCarouselImage = (id: number) => apiDelete<null>('/api/admin/config/home-carousel', { id });

/** Verdict: every image id in the new order. */
export const orderCarousel = (ids: number[]) =>
  apiPut<null>('/api/admin/config/home-carousel-order', { ids });
