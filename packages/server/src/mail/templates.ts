import { ACCOUNT_TIMINGS } from '@verdict/shared';
import type { Lang } from '../http/messages.ts';

/** reference §5: every mailed code lives 10 minutes. */
const MINUTES = ACCOUNT_TIMINGS.emailCodeLifetime / 60;

/** What a mail says about the site (reference §7.14 WebConfig: name, shortName, baseUrl). */
export interface SiteInfo {
  name: string;
  shortName: string;
  baseUrl: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** `2026-01-01 08:10 UTC`: mails are read anywhere, so the time names its zone. */
function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The reset link of reference §7.3: `<baseUrl>/reset-password?username=…&code=…`. */
export function resetPasswordLink(baseUrl: string, username: string, code: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/reset-password?username=${encodeURIComponent(username)}&code=${encodeURIComponent(code)}`;
}

interface Body {
  greeting: string;
  lines: string[];
  /** the code or link the mail exists for */
  highlight: { label: string; value: string; href?: string };
  footer: string;
}

function render(subject: string, site: SiteInfo, body: Body): RenderedMail {
  const text = [
    body.greeting,
    '',
    ...body.lines,
    '',
    `${body.highlight.label}: ${body.highlight.value}`,
    '',
    body.footer,
    `${site.name} ${site.baseUrl}`,
  ].join('\n');
  const value = escapeHtml(body.highlight.value);
  const highlight = body.highlight.href
    ? `<a href="${escapeHtml(body.highlight.href)}" style="color:#2d8cf0;word-break:break-all">${value}</a>`
    : `<span style="font-size:28px;letter-spacing:6px;font-weight:bold;color:#2d8cf0">${value}</span>`;
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f5f7fa;font-family:Helvetica,Arial,sans-serif;color:#333">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:6px;padding:24px">
<h2 style="margin-top:0">${escapeHtml(site.name)}</h2>
<p>${escapeHtml(body.greeting)}</p>
${body.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>${escapeHtml(body.highlight.label)}:</p>
<p>${highlight}</p>
<p style="color:#888;font-size:13px">${escapeHtml(body.footer)}</p>
<p style="color:#888;font-size:13px"><a href="${escapeHtml(site.baseUrl)}">${escapeHtml(site.name)}</a></p>
</div></body></html>`;
  return { subject, text, html };
}

/** reference §7.1: the register code mail (HOJ subject "<shortName>的注册邮件"). */
export function registerCodeMail(lang: Lang, site: SiteInfo, code: string, expiresAt: Date): RenderedMail {
  if (lang === 'en-US') {
    return render(`${site.shortName} registration code`, site, {
      greeting: 'Hello,',
      lines: [
        `You are registering an account on ${site.name}. Enter this code in the registration form.`,
        `It is valid for ${MINUTES} minutes (until ${formatTime(expiresAt)}). Do not share it with anyone.`,
      ],
      highlight: { label: 'Your verification code', value: code },
      footer: 'If you did not ask for this, ignore this e-mail.',
    });
  }
  return render(`${site.shortName}的注册邮件`, site, {
    greeting: '您好！',
    lines: [
      `您正在注册 ${site.name} 的账号，请在注册表单中填写以下验证码。`,
      `验证码 ${MINUTES} 分钟内有效（至 ${formatTime(expiresAt)}），请勿泄露给他人。`,
    ],
    highlight: { label: '您的验证码', value: code },
    footer: '如果这不是您本人的操作，请忽略本邮件。',
  });
}

/** reference §7.3: the reset link mail (HOJ subject "<shortName>的重置密码邮件"). */
export function resetPasswordMail(
  lang: Lang,
  site: SiteInfo,
  username: string,
  link: string,
  expiresAt: Date,
): RenderedMail {
  if (lang === 'en-US') {
    return render(`${site.shortName} password reset`, site, {
      greeting: `Hello ${username},`,
      lines: [
        `Someone asked to reset the password of your account on ${site.name}.`,
        `Open this link to choose a new password. It is valid for ${MINUTES} minutes (until ${formatTime(expiresAt)}).`,
      ],
      highlight: { label: 'Reset your password', value: link, href: link },
      footer: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    });
  }
  return render(`${site.shortName}的重置密码邮件`, site, {
    greeting: `${username}，您好！`,
    lines: [
      `您正在申请重置 ${site.name} 账号的密码。`,
      `请打开以下链接设置新密码，链接 ${MINUTES} 分钟内有效（至 ${formatTime(expiresAt)}）。`,
    ],
    highlight: { label: '重置密码链接', value: link, href: link },
    footer: '如果这不是您本人的操作，请忽略本邮件，您的密码不会改变。',
  });
}

/** reference §7.4: the change-e-mail code mail (HOJ subject "<shortName>的修改邮箱邮件"). */
export function changeEmailCodeMail(
  lang: Lang,
  site: SiteInfo,
  username: string,
  code: string,
  expiresAt: Date,
): RenderedMail {
  if (lang === 'en-US') {
    return render(`${site.shortName} e-mail change code`, site, {
      greeting: `Hello ${username},`,
      lines: [
        `You asked to use this address for your account on ${site.name}.`,
        `Enter this code in the settings page. It is valid for ${MINUTES} minutes (until ${formatTime(expiresAt)}).`,
      ],
      highlight: { label: 'Your verification code', value: code },
      footer: 'If you did not ask for this, ignore this e-mail.',
    });
  }
  return render(`${site.shortName}的修改邮箱邮件`, site, {
    greeting: `${username}，您好！`,
    lines: [
      `您正在将 ${site.name} 账号的邮箱修改为本邮箱，请在设置页面填写以下验证码。`,
      `验证码 ${MINUTES} 分钟内有效（至 ${formatTime(expiresAt)}），请勿泄露给他人。`,
    ],
    highlight: { label: '您的验证码', value: code },
    footer: '如果这不是您本人的操作，请忽略本邮件。',
  });
}

/** reference §3.12 test-email: proves the admin's SMTP settings deliver. */
export function testMail(lang: Lang, site: SiteInfo, sentAt: Date, server: string): RenderedMail {
  if (lang === 'en-US') {
    return render(`${site.shortName} test e-mail`, site, {
      greeting: 'Hello,',
      lines: [
        `This is a test e-mail from ${site.name}, sent by an administrator from the e-mail configuration page.`,
        `It went out through ${server} at ${formatTime(sentAt)}: the site can send mail.`,
      ],
      highlight: { label: 'Result', value: 'OK' },
      footer: 'No action is needed.',
    });
  }
  return render(`${site.shortName}的测试邮件`, site, {
    greeting: '您好！',
    lines: [
      `这是 ${site.name} 管理员在邮箱配置页面发送的测试邮件。`,
      `邮件于 ${formatTime(sentAt)} 经由 ${server} 发出，说明本站可以正常发送邮件。`,
    ],
    highlight: { label: '测试结果', value: 'OK' },
    footer: '无需任何操作。',
  });
}
