import type { ComplaintRow } from '../../db/schema';
import { localeOf, msg, render } from '../../lib/i18n';
import type { MailInput } from '../../lib/mail';

/** Plain-text mails to the reporter (no HTML: nothing the reporter typed is ever markup), in their language. */
export function complaintAckMail(row: ComplaintRow, site: string, hidden: boolean): MailInput {
  const locale = localeOf(row.locale);
  return {
    to: row.email,
    subject: render(locale, msg('mail.complaint.ack.subject', { site, caseNumber: row.caseNumber })),
    text: render(
      locale,
      msg('mail.complaint.ack.body', {
        name: row.name,
        kind: msg(`complaint.kind.${row.kind}` as const),
        caseNumber: row.caseNumber,
        dueAt: row.dueAt,
        hidden: hidden ? msg('mail.complaint.ack.hidden') : '',
        urls: row.urls.map((u) => `- ${u}`).join('\n'),
      }),
    ),
    template: 'complaint-acknowledgment',
  };
}

export function complaintReplyMail(row: ComplaintRow, site: string): MailInput {
  const locale = localeOf(row.locale);
  return {
    to: row.email,
    subject: render(locale, msg('mail.complaint.reply.subject', { site, caseNumber: row.caseNumber })),
    text: render(
      locale,
      msg('mail.complaint.reply.body', {
        name: row.name,
        caseNumber: row.caseNumber,
        decision: msg(`complaint.decision.${row.decision ?? 'no_action'}` as const),
        reply: row.reply ?? '',
      }),
    ),
    template: 'complaint-decision',
  };
}
