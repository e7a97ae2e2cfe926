import { RTL_LANGUAGES } from '@twofold/otp';
import type { Locale } from '../i18n/locales.js';
import { translate } from '../i18n/translate.js';
import type { MailMessage } from './mailer.js';

/** The e-mails that carry a single-use link; their texts are `mail.<kind>.*` in the catalogues. */
export type LinkMailKind = 'password_reset' | 'webauthn_recovery';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A single-use link mail in the recipient's language: plain text, and HTML where the link is a
 * button. The link, a secret, goes only into the body (never the subject, never a log).
 */
export function linkMail(
  locale: Locale,
  kind: LinkMailKind,
  input: { readonly to: string; readonly appName: string; readonly userName: string; readonly link: string },
): MailMessage {
  const greeting = translate(locale, 'mail.greeting', { name: input.userName });
  const intro = translate(locale, `mail.${kind}.intro`);
  const action = translate(locale, `mail.${kind}.action`);
  const ignore = translate(locale, `mail.${kind}.ignore`);
  const dir = RTL_LANGUAGES.includes(locale) ? 'rtl' : 'ltr';
  const link = escapeHtml(input.link);
  return {
    to: input.to,
    subject: translate(locale, `mail.${kind}.subject`, { app: input.appName }),
    text: [greeting, '', intro, '', input.link, '', ignore].join('\n'),
    html: [
      `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:sans-serif;line-height:1.5">`,
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${link}" style="display:inline-block;padding:0.6em 1.2em;border-radius:6px;background:#1f6feb;color:#fff;text-decoration:none">${escapeHtml(action)}</a></p>`,
      // The address spelled out too, isolated left to right inside right-to-left text.
      `<p dir="ltr" style="unicode-bidi:isolate;word-break:break-all;font-size:0.9em">${link}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}
