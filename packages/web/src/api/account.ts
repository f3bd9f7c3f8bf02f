import type {
  ApplyResetPasswordBody,
  Availability,
  CaptchaVO,
  ChangeAccountVO,
  ChangeEmailBody,
  ChangePasswordBody,
  ChangeUserInfoBody,
  LoginBody,
  LoginRefusal,
  RegisterBody,
  RegisterCodeVO,
  ResetPasswordBody,
  SlideChallenge,
  UserAuthInfo,
  UserInfoVO,
} from '@verdict/shared';
import { getSession, isAuthenticated, updateUserInfo } from '../store/session';
import { del, getAnswer, post, type Answer } from './answer-calls';
import { ApiError, http, type ApiEnvelope } from './http';
import { inLanguage } from './problem';
import { USER_AUTH_INFO_PATH } from './response-handling';

// ---- login and session ------------------------------------------------------------------------

export interface SignedIn {
  /** reference §1.3: the raw token from the `Authorization` response header. */
  token: string;
  userInfo: UserInfoVO;
}

/** `POST /api/login` or `POST /api/admin/login` with the slide answer when one is required. */
export async function login(body: LoginBody, options: { admin?: boolean } = {}): Promise<SignedIn> {
  const url = options.admin ? '/api/admin/login' : '/api/login';
  const response = await http.post<ApiEnvelope<UserInfoVO>>(url, body, inLanguage());
  const token = response.headers['authorization'];
  if (typeof token !== 'string' || token === '') throw new ApiError('business', 'No token in the answer');
  return { token, userInfo: response.data.data };
}

/** A refused login says in `data.slideRequired` whether the next attempt needs the slide (spec part 1 §4). */
export function slideRequiredAfter(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'business') return false;
  const body = error.response?.data as Partial<ApiEnvelope<Partial<LoginRefusal> | null>> | undefined;
  return body?.data?.slideRequired === true;
}

export async function getSlideChallenge(): Promise<SlideChallenge> {
  return (await getAnswer<SlideChallenge>('/api/slide-captcha')).data;
}

export function logout(): Promise<Answer<null>> {
  return getAnswer<null>('/api/logout');
}

/** `GET /api/admin/logout` (reference §3.1): the admin app's sign-out; it ends this login only. */
export function adminLogout(): Promise<Answer<null>> {
  return getAnswer<null>('/api/admin/logout');
}

export function getUserAuthInfo(): Promise<UserAuthInfo> {
  return getAnswer<UserAuthInfo>(USER_AUTH_INFO_PATH).then((answer) => answer.data);
}

/** After a 403 the roles may have changed (spec part 1 §8). */
export async function refreshUserRoles(): Promise<void> {
  if (!isAuthenticated()) return;
  const { roles } = await getUserAuthInfo();
  updateUserInfo({ roleList: roles });
}

/**
 * On start and when another tab signs in, the signed-in user is refreshed (spec part 1 §1). The
 * server has no "current user" read besides the roles (HOJ's front end also only reloads those);
 * the profile fields come from the login answer and from the setting page's answers.
 */
export async function refreshUserInfo(): Promise<void> {
  if (!isAuthenticated()) return;
  const tokenAtStart = getSession().token;
  const { roles } = await getUserAuthInfo();
  if (getSession().token !== tokenAtStart) return; // signed out or replaced meanwhile
  updateUserInfo({ roleList: roles });
}

// ---- registration and password reset ----------------------------------------------------------

export async function checkUsernameOrEmail(query: { username?: string; email?: string }) {
  return (await post<Availability>('/api/check-username-or-email', query)).data;
}

export function getRegisterCode(email: string) {
  return getAnswer<RegisterCodeVO>('/api/get-register-code', { email });
}

export function register(body: RegisterBody) {
  return post<null>('/api/register', body);
}

/** `GET /api/captcha`: the arithmetic image of the reset form (reference §7.5). */
export async function getCaptcha(): Promise<CaptchaVO> {
  return (await getAnswer<CaptchaVO>('/api/captcha')).data;
}

export function applyResetPassword(body: ApplyResetPasswordBody) {
  return post<null>('/api/apply-reset-password', body);
}

export function resetPassword(body: ResetPasswordBody) {
  return post<null>('/api/reset-password', body);
}

// ---- account settings (spec part 2 §2.6) ------------------------------------------------------

/** The answer's code says whether it worked (reference §3.1 ChangeAccountVO; the envelope is 200). */
export async function changePassword(body: ChangePasswordBody): Promise<ChangeAccountVO> {
  return (await post<ChangeAccountVO>('/api/change-password', body)).data;
}

export function getChangeEmailCode(email: string) {
  return getAnswer<null>('/api/get-change-email-code', { email });
}

export async function changeEmail(body: ChangeEmailBody): Promise<ChangeAccountVO> {
  return (await post<ChangeAccountVO>('/api/change-email', body)).data;
}

export function changeUserInfo(body: ChangeUserInfoBody) {
  return post<UserInfoVO>('/api/change-userInfo', body);
}

export function updateCfSession(cfSession: string) {
  return post<null>('/api/update-cfSession', { cfSession });
}

export async function deleteCfSession(): Promise<Answer<null>> {
  return del<null>('/api/delete-cfSession');
}

/** `POST /api/file/upload-avatar` with the cropped image in the multipart field `image` (reference §3.11). */
export function uploadAvatar(image: Blob) {
  const form = new FormData();
  form.append('image', image, 'avatar.png');
  return post<UserInfoVO>('/api/file/upload-avatar', form);
}
