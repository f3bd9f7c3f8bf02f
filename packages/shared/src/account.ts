import { z } from 'zod';

/**
 * The account forms (spec part 1 §5, §9; part 2 §5, §9; reference §3.1, §7.1–7.5): limits, zod
 * schemas and their messages. The server validates every account call with these schemas and the
 * web app reuses them for its forms, so both refuse the same input with the same words.
 *
 * Each issue message of these schemas is a key of ACCOUNT_MESSAGES; `accountMessage()` turns it
 * into the text of a language. The Chinese texts are HOJ's where it has one.
 */

export const ACCOUNT_LIMITS = {
  /** spec part 1 §9: username max 20 */
  usernameMax: 20,
  /** spec part 1 §9: password 6 to 20 */
  passwordMin: 6,
  passwordMax: 20,
  /** user_info.email is varchar(320) */
  emailMax: 320,
  /** spec part 1 §9: e-mail code exactly 6 */
  emailCodeLength: 6,
  /** spec part 1 §9: reset captcha up to 8 */
  captchaMax: 8,
  /** reference §7.4: change user info limits */
  realnameMax: 50,
  nicknameMax: 20,
  signatureMax: 65535,
  blogMax: 255,
  githubMax: 255,
  cfUsernameMax: 255,
  schoolMax: 100,
  numberMax: 200,
  /** spec part 2 §5 mobile: what may be typed (digits with spaces or hyphens, a leading +) */
  mobileInputMax: 32,
  /** digits of a mobile number: short national numbers up to the longest international ones */
  mobileDigitsMin: 6,
  mobileDigitsMax: 20,
  /** The remote-judge session id (spec part 1 §7 update-cfSession); a Codeforces cookie is far shorter. */
  cfSessionMax: 4096,
  /** A reset-password link code (reference §7.3: 21 characters); anything longer is not one of ours. */
  resetCodeMax: 64,
} as const;

/** Timings of the account flows, in seconds unless the name says otherwise. */
export const ACCOUNT_TIMINGS = {
  /** spec part 1 §9, reference §7.1: register mail resend cooldown */
  registerCodeResend: 60,
  /** spec part 1 §9, reference §7.3: reset mail resend cooldown */
  resetMailResend: 90,
  /** reference §7.4: change-e-mail code resend cooldown */
  changeEmailCodeResend: 30,
  /** reference §5: register, reset and change-e-mail codes live 10 minutes */
  emailCodeLifetime: 600,
  /** reference §7.5: the image captcha answer lives 30 minutes */
  captchaLifetime: 1800,
  /** a slide challenge is meant to be solved right away */
  slideLifetime: 120,
  /** reference §7.2: login failures are counted over a sliding 30-minute window */
  loginFailureWindow: 1800,
  /** reference §7.4: 5 wrong passwords or codes lock change-password / change-email for 30 minutes */
  changeLockDuration: 1800,
} as const;

/** Login failure thresholds per username (spec part 1 §4, §9; reference §7.2). */
export const LOGIN_FAILURES = {
  /** from this many failures the login needs the slide verification */
  slideVerifyFrom: 5,
  /** from this many failures the login is refused until the window has passed */
  lockoutFrom: 20,
  /** reference §7.4: change-password / change-email lock after this many failures */
  changeLockFrom: 5,
} as const;

/**
 * The slide verification (spec part 1 §4): the server draws a background with a hole and the piece
 * that fits it; the user drags the piece along x; the login carries the piece's left offset in
 * background pixels. See the server's modules/account/slide.ts.
 */
export const SLIDE = {
  width: 300,
  height: 150,
  /** the piece image is pieceSize × pieceSize pixels */
  pieceSize: 44,
  /** how far (pixels) the posted offset may be from the hole */
  tolerance: 4,
} as const;

/** spec part 2 §5, §9: avatar types and size (2 MB). The server checks the type by the file's content. */
export const AVATAR = {
  maxBytes: 2 * 1024 * 1024,
  types: ['gif', 'jpg', 'jpeg', 'png', 'bmp', 'webp'],
} as const;

export const GENDERS = ['male', 'female', 'secrecy'] as const;
export type Gender = (typeof GENDERS)[number];

export interface AccountText {
  zh: string;
  en: string;
}

/** The messages of the schemas below; keys are the schemas' issue messages. */
export const ACCOUNT_MESSAGES = {
  usernameRequired: { zh: '用户名不能为空', en: 'The username is required' },
  usernameTooLong: { zh: '用户名长度不能超过20位!', en: 'The username cannot be longer than 20 characters!' },
  passwordRequired: { zh: '密码不能为空', en: 'The password is required' },
  passwordLength: { zh: '密码长度应该为6~20位！', en: 'The password must be 6 to 20 characters long!' },
  newPasswordLength: {
    zh: '新密码长度应该为6~20位！',
    en: 'The new password must be 6 to 20 characters long!',
  },
  oldPasswordRequired: { zh: '错误：原始密码不能为空！', en: 'The current password is required!' },
  newPasswordSame: {
    zh: '新密码不能与原始密码相同！',
    en: 'The new password must be different from the current one!',
  },
  passwordMismatch: { zh: '两次输入的密码不一致', en: 'Password does not match' },
  emailRequired: { zh: '邮箱不能为空', en: 'The e-mail address is required' },
  emailInvalid: { zh: '对不起！您的邮箱格式不正确！', en: 'Sorry! The e-mail address is not valid!' },
  emailCodeRequired: { zh: '验证码不能为空', en: 'The verification code is required' },
  emailCodeLength: { zh: '验证码应为6位', en: 'The verification code must be 6 characters' },
  captchaRequired: { zh: '验证码不能为空', en: 'The captcha is required' },
  captchaLength: { zh: '验证码长度应为1~8位', en: 'The captcha must be 1 to 8 characters' },
  captchaKeyRequired: { zh: '验证码已失效，请刷新验证码', en: 'The captcha is missing, please refresh it' },
  resetCodeRequired: { zh: '重置密码的验证码不能为空', en: 'The reset code is required' },
  realnameTooLong: {
    zh: '真实姓名的长度不能超过50位',
    en: 'The real name cannot be longer than 50 characters',
  },
  nicknameTooLong: { zh: '昵称的长度不能超过20位', en: 'The nickname cannot be longer than 20 characters' },
  signatureTooLong: {
    zh: '个性简介的长度不能超过65535位',
    en: 'The signature cannot be longer than 65535 characters',
  },
  blogTooLong: { zh: '博客的长度不能超过255位', en: 'The blog cannot be longer than 255 characters' },
  githubTooLong: {
    zh: 'Github的长度不能超过255位',
    en: 'The GitHub name cannot be longer than 255 characters',
  },
  schoolTooLong: { zh: '学校的长度不能超过100位', en: 'The school cannot be longer than 100 characters' },
  numberTooLong: {
    zh: '学号的长度不能超过200位',
    en: 'The student number cannot be longer than 200 characters',
  },
  cfUsernameTooLong: {
    zh: 'Codeforces用户名的长度不能超过255位',
    en: 'The Codeforces username cannot be longer than 255 characters',
  },
  genderInvalid: { zh: '性别只能是男、女或保密', en: 'The gender must be male, female or secrecy' },
  cfSessionRequired: { zh: 'cfSession不能为空！', en: 'The Codeforces session id is required!' },
  cfSessionTooLong: {
    zh: 'cfSession的长度不能超过4096位',
    en: 'The Codeforces session id cannot be longer than 4096 characters',
  },
  mobileRequired: { zh: '手机号不能为空', en: 'The mobile number is required' },
  mobileInvalid: {
    zh: '手机号格式不正确：可以+开头，包含6~20位数字，数字之间可用空格或短横线分隔',
    en: 'The mobile number is not valid: an optional +, then 6 to 20 digits, which may be separated by spaces or hyphens',
  },
  mobileSame: {
    zh: '新手机号与当前手机号一致，请不要重复设置！',
    en: 'The new mobile number is your current one!',
  },
  slideInvalid: { zh: '滑动验证参数不合法', en: 'The slide verification answer is not valid' },
  /** the admin's edit-user dialog (admin-user.ts) */
  titleNameTooLong: { zh: '头衔的长度不能超过255位', en: 'The title cannot be longer than 255 characters' },
  titleColorTooLong: {
    zh: '头衔颜色的长度不能超过255位',
    en: 'The title colour cannot be longer than 255 characters',
  },
} as const satisfies Record<string, AccountText>;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

export function isAccountMessageKey(value: string): value is AccountMessageKey {
  return Object.hasOwn(ACCOUNT_MESSAGES, value);
}

/** The text of a schema issue message in a language (zh-CN unless en-US). */
export function accountMessage(key: AccountMessageKey, lang: 'zh-CN' | 'en-US'): string {
  return lang === 'en-US' ? ACCOUNT_MESSAGES[key].en : ACCOUNT_MESSAGES[key].zh;
}

const key = (k: AccountMessageKey) => k;
const L = ACCOUNT_LIMITS;

/** The same pattern zod uses for z.email(): one @, a dotted domain, no spaces. */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= L.emailMax && EMAIL_PATTERN.test(value);
}

/**
 * spec part 2 §5 "mobile format checked": one rule for every country, as numbers are written — an
 * optional leading '+', then 6 to 20 digits, with single spaces or hyphens allowed between digits.
 * A mainland number (11 digits, 138 0013 8000) fits; so does +44 20 7946 0958.
 */
const MOBILE_PATTERN = new RegExp(`^\\+?\\d(?:[ -]?\\d){${L.mobileDigitsMin - 1},${L.mobileDigitsMax - 1}}$`);

export function isMobileNumber(value: string): boolean {
  return value.length <= L.mobileInputMax && MOBILE_PATTERN.test(value.trim());
}

/** The stored form of a mobile number: separators dropped, so one number has one spelling. */
export function normalizeMobile(value: string): string {
  return value.trim().replace(/[ -]/g, '');
}

// ---- fields ---------------------------------------------------------------------------------

/** spec part 1 §5: username required, max 20 (reference §7.2: trimmed first). */
export const usernameField = z
  .string({ error: key('usernameRequired') })
  .trim()
  .min(1, key('usernameRequired'))
  .max(L.usernameMax, key('usernameTooLong'));

/**
 * spec part 1 §5: password required, 6 to 20. Trimmed everywhere, since login trims (reference
 * §1.3); a password stored with spaces around it could never be typed in again.
 */
const passwordOf = (lengthMessage: AccountMessageKey) =>
  z
    .string({ error: key('passwordRequired') })
    .trim()
    .min(1, key('passwordRequired'))
    .min(L.passwordMin, lengthMessage)
    .max(L.passwordMax, lengthMessage);

export const passwordField = passwordOf('passwordLength');
export const newPasswordField = passwordOf('newPasswordLength');

/** spec part 1 §5: e-mail required, valid format. */
export const emailField = z
  .string({ error: key('emailRequired') })
  .trim()
  .min(1, key('emailRequired'))
  .refine(isEmailAddress, key('emailInvalid'));

/** spec part 1 §5: e-mail code exactly 6 characters. */
export const emailCodeField = z
  .string({ error: key('emailCodeRequired') })
  .trim()
  .min(1, key('emailCodeRequired'))
  .length(L.emailCodeLength, key('emailCodeLength'));

/** spec part 1 §5: reset captcha 1 to 8 characters. */
export const captchaField = z
  .string({ error: key('captchaRequired') })
  .trim()
  .min(1, key('captchaRequired'))
  .max(L.captchaMax, key('captchaLength'));

/** spec part 2 §5: mobile required and format checked; the value is the normalised number. */
export const mobileField = z
  .string({ error: key('mobileRequired') })
  .trim()
  .min(1, key('mobileRequired'))
  .refine(isMobileNumber, key('mobileInvalid'))
  .transform(normalizeMobile);

const optionalText = (max: number, message: AccountMessageKey, trim = true) =>
  (trim ? z.string().trim() : z.string()).max(max, message).nullish();

// ---- request bodies (reference §3.1 names) --------------------------------------------------

/**
 * `POST /api/login` and `POST /api/admin/login`. `slideKey` / `slideX` answer the slide challenge
 * of `GET /api/slide-captcha`; they are needed from LOGIN_FAILURES.slideVerifyFrom failures on.
 */
export const loginSchema = z.object({
  username: usernameField,
  password: passwordField,
  slideKey: z.string().max(64, key('slideInvalid')).optional(),
  slideX: z.number({ error: key('slideInvalid') }).optional(),
});
export type LoginBody = z.input<typeof loginSchema>;

/** `GET /api/get-register-code?email=` and `GET /api/get-change-email-code?email=` */
export const emailQuerySchema = z.object({ email: emailField });

/** The key of a `GET /api/captcha` answer. */
export const captchaKeyField = z
  .string({ error: key('captchaKeyRequired') })
  .trim()
  .min(1, key('captchaKeyRequired'))
  .max(64, key('captchaKeyRequired'));

/**
 * `POST /api/register` (reference §3.1 `{username, password, email, code}`). Verdict adds the image
 * captcha: which of `code` and `captcha`/`captchaKey` a registration needs is the site's switch
 * registerNeedsEmailCode (issue 24 item 7), so the server asks for it, not the schema.
 */
export const registerSchema = z.object({
  username: usernameField,
  password: passwordField,
  email: emailField,
  code: emailCodeField.optional(),
  captcha: captchaField.optional(),
  captchaKey: captchaKeyField.optional(),
});
export type RegisterBody = z.input<typeof registerSchema>;

/** The register form of the login dialog: the request plus the repeated password. */
export const registerFormSchema = registerSchema
  .extend({ passwordAgain: z.string() })
  .refine((f) => f.password === f.passwordAgain.trim(), {
    message: key('passwordMismatch'),
    path: ['passwordAgain'],
  });

/** `POST /api/check-username-or-email`: either may be given; nothing is refused (the answer says false). */
export const checkUsernameOrEmailSchema = z.object({
  username: z.string().nullish(),
  email: z.string().nullish(),
});

/** `POST /api/apply-reset-password` */
export const applyResetPasswordSchema = z.object({
  captcha: captchaField,
  captchaKey: captchaKeyField,
  email: emailField,
});
export type ApplyResetPasswordBody = z.input<typeof applyResetPasswordSchema>;

/** `POST /api/reset-password` (the code comes from the mailed link). */
export const resetPasswordSchema = z.object({
  username: usernameField,
  password: newPasswordField,
  code: z
    .string({ error: key('resetCodeRequired') })
    .trim()
    .min(1, key('resetCodeRequired'))
    .max(L.resetCodeMax, key('resetCodeRequired')),
});
export type ResetPasswordBody = z.input<typeof resetPasswordSchema>;

/** spec part 2 §5 reset form: username, password, password again ('Password does not match'). */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ passwordAgain: z.string() })
  .refine((f) => f.password === f.passwordAgain.trim(), {
    message: key('passwordMismatch'),
    path: ['passwordAgain'],
  });

/** `POST /api/change-password`; spec part 2 §5: the new value must differ from the old one. */
export const changePasswordSchema = z
  .object({
    oldPassword: z
      .string({ error: key('oldPasswordRequired') })
      .trim()
      .min(1, key('oldPasswordRequired'))
      .max(255, key('passwordLength')),
    newPassword: newPasswordField,
  })
  .refine((f) => f.oldPassword !== f.newPassword, { message: key('newPasswordSame'), path: ['newPassword'] });
export type ChangePasswordBody = z.input<typeof changePasswordSchema>;

/** `POST /api/change-email` */
export const changeEmailSchema = z.object({
  password: z
    .string({ error: key('passwordRequired') })
    .trim()
    .min(1, key('passwordRequired'))
    .max(255, key('passwordLength')),
  newEmail: emailField,
  code: emailCodeField,
});
export type ChangeEmailBody = z.input<typeof changeEmailSchema>;

/**
 * `POST /api/change-userInfo` (reference §3.1: a UserInfoVO of which only these fields are written;
 * reference §7.4 limits). A field left out keeps its value; null or '' clears it.
 * Verdict adds `mobile` (spec part 2 §2.6; HOJ has no mobile call): when sent it is required, checked
 * and must differ from the current number (spec part 2 §5), so it cannot be cleared.
 */
export const changeUserInfoSchema = z.object({
  realname: optionalText(L.realnameMax, 'realnameTooLong'),
  nickname: optionalText(L.nicknameMax, 'nicknameTooLong'),
  signature: optionalText(L.signatureMax, 'signatureTooLong', false),
  blog: optionalText(L.blogMax, 'blogTooLong'),
  github: optionalText(L.githubMax, 'githubTooLong'),
  school: optionalText(L.schoolMax, 'schoolTooLong'),
  number: optionalText(L.numberMax, 'numberTooLong'),
  cfUsername: optionalText(L.cfUsernameMax, 'cfUsernameTooLong'),
  gender: z.enum(GENDERS, { error: key('genderInvalid') }).nullish(),
  mobile: mobileField.optional(),
});
export type ChangeUserInfoBody = z.input<typeof changeUserInfoSchema>;

/** `POST /api/update-cfSession` */
export const cfSessionSchema = z.object({
  cfSession: z
    .string({ error: key('cfSessionRequired') })
    .trim()
    .min(1, key('cfSessionRequired'))
    .max(L.cfSessionMax, key('cfSessionTooLong')),
});

// ---- responses (reference §3.1; the successful answers are in responses/account.ts) ----------

/** Data of a refused login: whether the next attempt must carry a solved slide challenge. */
export interface LoginRefusal {
  slideRequired: boolean;
}
