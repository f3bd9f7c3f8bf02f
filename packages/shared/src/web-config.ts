import { z } from 'zod';
import type { AccountText } from './account.ts';

/**
 * The admin website configuration (reference §3.12 get-web-config / set-web-config, §7.14
 * WebConfig; spec part 2 §2.7 "conf", super admin only), plus what the footer of spec part 1 §1
 * shows besides the filing link: the organisation's contact phone, its address and two QR images.
 * HOJ's field names are kept; Verdict adds `contactPhone`, `address` and `qrCodes`.
 *
 * Each issue message is a key of WEB_CONFIG_MESSAGES; every text names its field.
 */

export const WEB_CONFIG_LIMITS = {
  nameMax: 100,
  shortNameMax: 30,
  descriptionMax: 1000,
  textMax: 255,
  urlMax: 1024,
  phoneMax: 32,
  qrCodesMax: 2,
  qrTitleMax: 32,
} as const;

export const WEB_CONFIG_MESSAGES = {
  baseUrlInvalid: {
    zh: 'baseUrl：网站地址应为http(s)链接',
    en: 'baseUrl: the site address must be an http(s) link',
  },
  nameInvalid: {
    zh: 'name：网站名称不能为空，且不能超过100位',
    en: 'name: the site name is required and at most 100 characters',
  },
  shortNameInvalid: {
    zh: 'shortName：网站简称不能为空，且不能超过30位',
    en: 'shortName: the short name is required and at most 30 characters',
  },
  descriptionInvalid: {
    zh: 'description：网站简介不能超过1000位',
    en: 'description: the description is at most 1000 characters',
  },
  registerInvalid: {
    zh: 'register：注册开关只能是true或false',
    en: 'register: the register switch must be true or false',
  },
  textInvalid: {
    zh: 'recordName / projectName / address：不能超过255位',
    en: 'recordName / projectName / address: at most 255 characters',
  },
  urlInvalid: {
    zh: 'recordUrl / projectUrl：链接应为http(s)链接，且不能超过1024位',
    en: 'recordUrl / projectUrl: a link must be an http(s) link of at most 1024 characters',
  },
  contactPhoneInvalid: {
    zh: 'contactPhone：联系电话只能包含数字、空格、+、-、括号，且不能超过32位',
    en: 'contactPhone: the phone may hold digits, spaces, +, - and brackets, at most 32 characters',
  },
  qrCodesInvalid: {
    zh: 'qrCodes：最多两张二维码，每张需要不超过32位的标题和http(s)或以/开头的图片地址',
    en: 'qrCodes: at most two QR images, each with a title of at most 32 characters and an http(s) or /path image',
  },
} as const satisfies Record<string, AccountText>;

export type WebConfigMessageKey = keyof typeof WEB_CONFIG_MESSAGES;

export function isWebConfigMessageKey(value: string): value is WebConfigMessageKey {
  return Object.hasOwn(WEB_CONFIG_MESSAGES, value);
}

const key = (k: WebConfigMessageKey) => k;
const L = WEB_CONFIG_LIMITS;
const HTTP_URL = /^https?:\/\/\S+$/i;
const SITE_PATH = /^\/\S*$/;

/** An image's address: an http(s) link to another site, or a path on this one (an upload). */
export function isImageAddress(value: string): boolean {
  return HTTP_URL.test(value) || SITE_PATH.test(value);
}

/** Optional text: left out or null keeps the stored value; '' clears it unless the field is required. */
const text = (max: number, message: WebConfigMessageKey) =>
  z
    .string({ error: key(message) })
    .trim()
    .max(max, key(message))
    .nullish();

const link = z
  .string({ error: key('urlInvalid') })
  .trim()
  .max(L.urlMax, key('urlInvalid'))
  .refine((v) => v === '' || HTTP_URL.test(v), key('urlInvalid'))
  .nullish();

/** A footer QR image: a title under it and the image's address (an upload or another site's). */
export const qrCodeSchema = z.object({
  title: z
    .string({ error: key('qrCodesInvalid') })
    .trim()
    .min(1, key('qrCodesInvalid'))
    .max(L.qrTitleMax, key('qrCodesInvalid')),
  url: z
    .string({ error: key('qrCodesInvalid') })
    .trim()
    .max(L.urlMax, key('qrCodesInvalid'))
    .refine(isImageAddress, key('qrCodesInvalid')),
});
export type QrCode = z.output<typeof qrCodeSchema>;

/**
 * `PUT /api/admin/config/set-web-config`. As in HOJ, a field left out (or null) keeps its stored
 * value, and so does '' for the name, short name and base URL, which cannot be empty; the other
 * texts are cleared by ''. (HOJ ignores every '', so a filing link could never be removed.)
 */
export const webConfigBody = z.object({
  baseUrl: z
    .string({ error: key('baseUrlInvalid') })
    .trim()
    .max(L.urlMax, key('baseUrlInvalid'))
    .refine((v) => v === '' || HTTP_URL.test(v), key('baseUrlInvalid'))
    .nullish(),
  name: text(L.nameMax, 'nameInvalid'),
  shortName: text(L.shortNameMax, 'shortNameInvalid'),
  description: text(L.descriptionMax, 'descriptionInvalid'),
  register: z.boolean({ error: key('registerInvalid') }).nullish(),
  recordName: text(L.textMax, 'textInvalid'),
  recordUrl: link,
  projectName: text(L.textMax, 'textInvalid'),
  projectUrl: link,
  contactPhone: z
    .string({ error: key('contactPhoneInvalid') })
    .trim()
    .max(L.phoneMax, key('contactPhoneInvalid'))
    .regex(/^[0-9+\-() ]*$/, key('contactPhoneInvalid'))
    .nullish(),
  address: text(L.textMax, 'textInvalid'),
  qrCodes: z
    .array(qrCodeSchema, { error: key('qrCodesInvalid') })
    .max(L.qrCodesMax, key('qrCodesInvalid'))
    .nullish(),
});
export type WebConfigBody = z.input<typeof webConfigBody>;
