import { localeOf, msg, render, type VarValue } from '../../lib/i18n';

export type StatementVars = Record<'kind' | 'title' | 'ground' | 'ref' | 'facts' | 'automated' | 'until', VarValue>;
/** The mail's also carries the statement's own signed link (`appealLink`), usable while suspended. */
export type StatementMailVars = StatementVars & { link: string };

import type { MailInput } from '../../lib/mail';

/** The statement of reasons by mail, plain text, in the user's language (DSA Art. 17). */
export function statementMail(
  user: { email: string; locale: string | null; username: string | null },
  site: string,
  vars: StatementMailVars,
): MailInput {
  const locale = localeOf(user.locale);
  return {
    to: user.email,
    subject: render(locale, msg('mail.decision.subject', { site, kind: vars.kind })),
    text: render(locale, msg('mail.decision.body', { ...vars, name: user.username ?? '', site })),
    template: 'statement-of-reasons',
  };
}
