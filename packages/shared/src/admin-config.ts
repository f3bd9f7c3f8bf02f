import { z } from 'zod';
import { int, positiveId } from './numbers.ts';
import { emailField, isEmailAddress, type AccountText } from './account.ts';
import { isImageAddress } from './web-config.ts';

/**
 * The admin e-mail configuration (reference §3.12 get-email-config / set-email-config / test-email,
 * §7.14 WebConfig's e-mail fields; spec part 2 §2.7 "conf", super admin only). HOJ's field names
 * are kept; Verdict adds `emailSender` (a sender address when the SMTP login is not one),
 * `emailBlacklist` (reference §7.1's refused domains, editable instead of a bundled file) and, in
 * the answer only, `emailPasswordSet`.
 *
 * Each issue message of these schemas is a key of EMAIL_CONFIG_MESSAGES; every text names the
 * field it is about, so an admin sees which value to fix.
 */

export const EMAIL_CONFIG_LIMITS = {
  /** RFC 1035: a host name is at most 253 characters */
  hostMax: 253,
  usernameMax: 255,
  passwordMax: 255,
  bgImgMax: 1024,
  blacklistMax: 1000,
} as const;

export const EMAIL_CONFIG_MESSAGES = {
  emailHostRequired: {
    zh: 'emailHost：SMTP服务器地址不能为空',
    en: 'emailHost: the SMTP server address is required',
  },
  emailHostInvalid: {
    zh: 'emailHost：SMTP服务器地址应为域名或IP地址',
    en: 'emailHost: the SMTP server must be a host name or an IP address',
  },
  emailPortInvalid: {
    zh: 'emailPort：SMTP端口应为1~65535之间的整数',
    en: 'emailPort: the SMTP port must be a whole number from 1 to 65535',
  },
  emailSslInvalid: {
    zh: 'emailSsl：SSL开关只能是true或false',
    en: 'emailSsl: SSL must be true or false',
  },
  emailUsernameInvalid: {
    zh: 'emailUsername：SMTP用户名不能包含空白字符，且不能超过255位',
    en: 'emailUsername: the SMTP user name cannot contain spaces or be longer than 255 characters',
  },
  emailPasswordInvalid: {
    zh: 'emailPassword：SMTP密码不能超过255位',
    en: 'emailPassword: the SMTP password cannot be longer than 255 characters',
  },
  emailSenderInvalid: {
    zh: 'emailSender：发件人邮箱格式不正确',
    en: 'emailSender: the sender address is not a valid e-mail address',
  },
  emailSenderRequired: {
    zh: 'emailSender：请填写发件人邮箱，或使用邮箱地址作为SMTP用户名（emailUsername）',
    en: 'emailSender: give a sender address, or use an e-mail address as the SMTP user name (emailUsername)',
  },
  emailBGImgInvalid: {
    zh: 'emailBGImg：背景图片应为http(s)链接或以/开头的站内路径，且不能超过1024位',
    en: 'emailBGImg: the background image must be an http(s) link or a site path starting with /, at most 1024 characters',
  },
  emailBlacklistInvalid: {
    zh: 'emailBlacklist：邮箱黑名单应为域名列表（例如 example.com），最多1000个',
    en: 'emailBlacklist: the blacklist must be a list of domains (such as example.com), at most 1000',
  },
} as const satisfies Record<string, AccountText>;

export type EmailConfigMessageKey = keyof typeof EMAIL_CONFIG_MESSAGES;

export function isEmailConfigMessageKey(value: string): value is EmailConfigMessageKey {
  return Object.hasOwn(EMAIL_CONFIG_MESSAGES, value);
}

const key = (k: EmailConfigMessageKey) => k;
const L = EMAIL_CONFIG_LIMITS;

const LABEL = /[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?/.source;
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*\\.?$`);
const IPV6 = /^\[?[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*\]?$/;

/** A host name (smtp.example.org), an IPv4 address (it is made of labels too) or an IPv6 literal. */
export function isHostName(value: string): boolean {
  return value.length <= L.hostMax && (HOST_NAME.test(value) || IPV6.test(value));
}

/** A blacklist entry as stored: lower case, without HOJ's leading '@' ("@ccmail.uk" → "ccmail.uk"). */
export function normalizeDomain(value: string): string {
  return value.trim().replace(/^@/, '').toLowerCase();
}

/** A port sent as text ("465", spaces around it allowed: a typed form field) is read as its digits. */
const trimmedText = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/**
 * `PUT /api/admin/config/set-email-config`. Host, port, SSL and user name are required, as HOJ's
 * form always sends them. `emailPassword` left out, null or '' keeps the stored one (the answer of
 * get-email-config never shows it); `emailPasswordClear: true` removes it. The other Verdict fields
 * keep their value when left out.
 */
export const emailConfigBody = z.object({
  emailHost: z
    .string({ error: key('emailHostRequired') })
    .trim()
    .min(1, key('emailHostRequired'))
    .refine(isHostName, key('emailHostInvalid')),
  emailPort: z.preprocess(trimmedText, int({ min: 1, max: 65535, error: key('emailPortInvalid') })),
  emailSsl: z.boolean({ error: key('emailSslInvalid') }),
  emailUsername: z
    .string({ error: key('emailUsernameInvalid') })
    .trim()
    .max(L.usernameMax, key('emailUsernameInvalid'))
    .regex(/^\S*$/, key('emailUsernameInvalid')),
  emailPassword: z
    .string({ error: key('emailPasswordInvalid') })
    .max(L.passwordMax, key('emailPasswordInvalid'))
    .nullish(),
  emailPasswordClear: z.boolean({ error: key('emailPasswordInvalid') }).optional(),
  emailSender: z
    .string({ error: key('emailSenderInvalid') })
    .trim()
    .refine((v) => v === '' || isEmailAddress(v), key('emailSenderInvalid'))
    .optional(),
  emailBGImg: z
    .string({ error: key('emailBGImgInvalid') })
    .trim()
    .max(L.bgImgMax, key('emailBGImgInvalid'))
    .refine((v) => v === '' || isImageAddress(v), key('emailBGImgInvalid'))
    .optional(),
  emailBlacklist: z
    .array(
      z
        .string({ error: key('emailBlacklistInvalid') })
        .transform(normalizeDomain)
        .refine((v) => v !== '' && isHostName(v) && !v.includes(':'), key('emailBlacklistInvalid')),
      { error: key('emailBlacklistInvalid') },
    )
    .max(L.blacklistMax, key('emailBlacklistInvalid'))
    .optional(),
});
export type EmailConfigBody = z.input<typeof emailConfigBody>;

/** `POST /api/admin/config/test-email` */
export const testEmailBody = z.object({ email: emailField });

/**
 * Home carousel images (reference §3.11 upload-carouse-img, §3.2 home-carousel; issue 10 "Site
 * settings"). The server recognises the type by the file's first bytes; SVG is refused (HOJ takes
 * it, and an SVG can carry script).
 */
export const CAROUSEL_IMAGE = {
  maxBytes: 5 * 1024 * 1024,
  types: ['jpg', 'jpeg', 'jfif', 'png', 'gif', 'webp', 'bmp'],
  /** more would be a slide show nobody waits for; also bounds the reorder body */
  maxCount: 50,
} as const;

/** Verdict's `PUT /api/admin/config/home-carousel-order`: every carousel image id, in the new order. */
export const carouselOrderBody = z.object({
  ids: z.array(positiveId).min(1).max(CAROUSEL_IMAGE.maxCount),
});
