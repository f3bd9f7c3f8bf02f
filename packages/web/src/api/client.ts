import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { toast } from '../feedback/toast';
import { translate } from '../i18n';
import { isOnAdminPage, navigateTo } from '../routing/navigate';
import { openLoginModal } from '../store/login-modal';
import { clearSession, getSession, isAuthenticated, replaceToken } from '../store/session';
import { refreshUserRoles } from './account';
import { ApiError, http } from './http';
import {
  USER_AUTH_INFO_PATH,
  isBodySuccess,
  reactToBodyFailure,
  reactToHttpFailure,
  reactToMissingResponse,
  refreshedToken,
  sendsAuthorization,
  urlTypeOf,
  type FollowUp,
  type Reaction,
  type ToastText,
} from './response-handling';

/**
 * Request headers, token refresh and the error catalogue (spec part 1 §7–§8, reference §1.2–1.3),
 * installed once on the shared axios instance.
 */
export function installResponseHandling(): void {
  http.interceptors.request.use(attachHeaders);
  http.interceptors.response.use(onResponse, onFailure);
}

function attachHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const url = config.url ?? '';
  const { token } = getSession();
  // reference §1.3: the raw token, no "Bearer " prefix; never on the login calls.
  if (token && sendsAuthorization(url)) config.headers.set('Authorization', token);
  config.headers.set('Url-Type', urlTypeOf(url));
  return config;
}

function adoptRefreshedToken(response: AxiosResponse | undefined): void {
  const token = refreshedToken(response?.headers as Record<string, unknown> | undefined);
  if (token) replaceToken(token);
}

function onResponse(response: AxiosResponse): AxiosResponse {
  adoptRefreshedToken(response);
  // Binary responses (downloads) pass through untouched; download.ts reads them.
  if (response.config.responseType === 'blob' || response.config.responseType === 'arraybuffer') {
    return response;
  }
  if (isBodySuccess(response.data)) return response;
  const reaction = reactToBodyFailure(response.data);
  carryOut(reaction);
  const status = (response.data as { status?: number }).status;
  throw new ApiError('business', toastText(reaction.toast), status, response);
}

function onFailure(error: unknown): Promise<AxiosResponse> {
  if (!(error instanceof AxiosError)) return Promise.reject(error);
  if (error.code === AxiosError.ERR_CANCELED) {
    return Promise.reject(new ApiError('cancelled', error.message));
  }
  const { response } = error;
  if (!response) {
    const reaction = reactToMissingResponse(error.code, error.message);
    carryOut(reaction);
    const kind =
      reaction.toast && 'key' in reaction.toast && reaction.toast.key === 'timeout' ? 'timeout' : 'network';
    return Promise.reject(new ApiError(kind, toastText(reaction.toast)));
  }
  adoptRefreshedToken(response);
  // A failed download answers with a blob; download.ts turns its JSON into the right toast.
  if (response.data instanceof Blob) return Promise.resolve(response);
  const url = response.config.url ?? '';
  const reaction = reactToHttpFailure({
    status: response.status,
    body: response.data,
    adminCall: urlTypeOf(url) === 'admin',
    onAdminPage: isOnAdminPage(),
    rolesCall: url.startsWith(USER_AUTH_INFO_PATH),
    signedIn: isAuthenticated(),
  });
  carryOut(reaction);
  return Promise.reject(new ApiError('http', toastText(reaction.toast), response.status, response));
}

function toastText(text: ToastText | null): string {
  if (!text) return '';
  return 'text' in text ? text.text : translate(`errors.${text.key}`);
}

function carryOut(reaction: Reaction): void {
  if (reaction.toast) toast.error(toastText(reaction.toast));
  for (const followUp of reaction.followUps) runFollowUp(followUp);
}

function runFollowUp(followUp: FollowUp): void {
  switch (followUp) {
    case 'clearSession':
      clearSession();
      break;
    case 'openLoginModal':
      openLoginModal('login');
      break;
    case 'goToAdminLogin':
      navigateTo('/admin/login');
      break;
    case 'goToAdmin':
      navigateTo('/admin');
      break;
    case 'refreshRoles':
      // A failure here is already reported by the handling above; nothing more to do.
      refreshUserRoles().catch(() => undefined);
      break;
  }
}
