import { z } from 'zod';

/** reference §3.1 UserInfoVO: what login, change-userInfo, change-email and upload-avatar return. */
export const userInfoVO = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string().nullable(),
  avatar: z.string().nullable(),
  titleName: z.string().nullable(),
  titleColor: z.string().nullable(),
  email: z.string().nullable(),
  number: z.string().nullable(),
  gender: z.string(),
  school: z.string().nullable(),
  course: z.string().nullable(),
  signature: z.string().nullable(),
  realname: z.string().nullable(),
  github: z.string().nullable(),
  blog: z.string().nullable(),
  cfUsername: z.string().nullable(),
  /** Verdict (spec part 2 §2.6): the normalised mobile number; only the user's own answers carry it. */
  mobile: z.string().nullable(),
  roleList: z.array(z.string()),
});
export type UserInfoVO = z.output<typeof userInfoVO>;

/** reference §3.1 ChangeAccountVO: code 200 done, 400 wrong password or code, 403 locked. */
export const changeAccountData = z.object({
  code: z.union([z.literal(200), z.literal(400), z.literal(403)]),
  msg: z.string(),
  userInfo: userInfoVO.nullable(),
});
export type ChangeAccountVO = z.output<typeof changeAccountData>;

/** reference §3.1 `GET /api/get-user-auth-info`; HOJ sends permissions null, Verdict the real list. */
export const userAuthInfoData = z.object({
  roles: z.array(z.string()),
  permissions: z.array(z.string()).nullable(),
});
export type UserAuthInfo = z.output<typeof userAuthInfoData>;

/** reference §7.5 `GET /api/captcha`: the arithmetic image and the key its answer is sent with. */
export const captchaData = z.object({
  /** data:image/png;base64 */
  img: z.string(),
  captchaKey: z.string(),
});
export type CaptchaVO = z.output<typeof captchaData>;

/** `GET /api/slide-captcha` (Verdict): the slide challenge of spec part 1 §4. */
export const slideChallengeData = z.object({
  slideKey: z.string(),
  /** data:image/png;base64 of width × height, with the hole */
  background: z.string(),
  /** data:image/png;base64 of pieceSize × pieceSize, transparent around the piece */
  piece: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  pieceSize: z.number().int(),
  /** top of the piece in the background (the piece moves along x only) */
  y: z.number().int(),
  /** seconds the challenge stays valid */
  expire: z.number().int(),
});
export type SlideChallenge = z.output<typeof slideChallengeData>;

/** reference §3.1 `GET /api/get-register-code`: where the code went and how long it holds (s). */
export const registerCodeData = z.object({ email: z.string(), expire: z.number().int() });
export type RegisterCodeVO = z.output<typeof registerCodeData>;

/** reference §3.1 `POST /api/check-username-or-email`: true means taken. */
export const availabilityData = z.object({ username: z.boolean(), email: z.boolean() });
export type Availability = z.output<typeof availabilityData>;
