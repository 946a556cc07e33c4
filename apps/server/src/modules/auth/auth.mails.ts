import type { Locale } from '@marquee/shared';
import { type Message, msg, render } from '../../lib/i18n';
import type { MailInput } from '../../lib/mail';

/** What every account mail names: the address, the greeting's name, the link and the site. */
export interface AccountMailFacts {
  to: string;
  name: string;
  link: string;
  site: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function writer(locale: Locale, f: AccountMailFacts) {
  const t = (m: Message) => render(locale, m);
  return {
    t,
    greeting: t(msg('mail.greeting', { name: f.name })),
    greetingHtml: t(msg('mail.greeting', { name: escapeHtml(f.name) })),
  };
}

/** "Confirm your email address", in the account's language (English texts as the spec has them). */
export function verificationMail(locale: Locale, f: AccountMailFacts): MailInput {
  const { t, greeting, greetingHtml } = writer(locale, f);
  const validity = t(msg('mail.verify.validity'));
  return {
    to: f.to,
    subject: t(msg('mail.verify.subject', { site: f.site })),
    text: `${greeting}\n\n${t(msg('mail.verify.intro'))}\n${f.link}\n\n${validity}`,
    html: `<p>${greetingHtml}</p><p>${t(msg('mail.verify.introHtml'))}</p><p><a href="${f.link}">${t(msg('mail.verify.button'))}</a></p><p>${validity}</p>`,
    template: 'email-verification',
  };
}

/** The answer to "forgot password": a single-use link to choose a new one. */
export function passwordResetMail(locale: Locale, f: AccountMailFacts): MailInput {
  const { t, greeting, greetingHtml } = writer(locale, f);
  return {
    to: f.to,
    subject: t(msg('mail.reset.subject', { site: f.site })),
    text: `${greeting}\n\n${t(msg('mail.reset.intro'))}\n${f.link}\n\n${t(msg('mail.reset.outro'))}`,
    html: `<p>${greetingHtml}</p><p>${t(msg('mail.reset.introHtml'))} <a href="${f.link}">${t(msg('mail.reset.button'))}</a></p><p>${t(msg('mail.reset.outroHtml'))}</p>`,
    template: 'password-reset',
  };
}

/** A recovery link an admin sent from the console. */
export function adminPasswordResetMail(locale: Locale, f: AccountMailFacts): MailInput {
  const { t, greeting } = writer(locale, f);
  return {
    to: f.to,
    subject: t(msg('mail.reset.subject', { site: f.site })),
    text: `${greeting}\n\n${t(msg('mail.resetByAdmin.intro'))}\n${f.link}\n\n${t(msg('mail.resetByAdmin.outro'))}`,
    template: 'password-reset',
  };
}

/** To the new address of an email change: the link that confirms it (until then nothing changes). */
export function emailChangeConfirmMail(locale: Locale, f: AccountMailFacts): MailInput {
  const { t, greeting, greetingHtml } = writer(locale, f);
  const validity = t(msg('mail.emailChange.validity'));
  return {
    to: f.to,
    subject: t(msg('mail.emailChange.subject', { site: f.site })),
    text: `${greeting}\n\n${t(msg('mail.emailChange.intro'))}\n${f.link}\n\n${validity}`,
    html: `<p>${greetingHtml}</p><p>${t(msg('mail.emailChange.intro'))}</p><p><a href="${f.link}">${t(msg('mail.emailChange.button'))}</a></p><p>${validity}</p>`,
    template: 'email-change-confirm',
  };
}

/** To the current address of an email change: the notice, with the link that undoes it. */
export function emailChangeNoticeMail(locale: Locale, f: AccountMailFacts & { newEmail: string }): MailInput {
  const { t, greeting, greetingHtml } = writer(locale, f);
  const validity = t(msg('mail.emailChangeNotice.validity'));
  const intro = (email: string) => t(msg('mail.emailChangeNotice.intro', { email }));
  return {
    to: f.to,
    subject: t(msg('mail.emailChangeNotice.subject', { site: f.site })),
    text: `${greeting}\n\n${intro(f.newEmail)}\n${f.link}\n\n${validity}`,
    html: `<p>${greetingHtml}</p><p>${intro(escapeHtml(f.newEmail))}</p><p><a href="${f.link}">${t(msg('mail.emailChangeNotice.button'))}</a></p><p>${validity}</p>`,
    template: 'email-change-notice',
  };
}
