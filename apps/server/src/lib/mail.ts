import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { mailOutbox } from '../db/schema';

export interface MailInput {
  to: string;
  subject: string;
  text: string;
  html?: string;
  template?: string;
}

export interface Mailer {
  /** Records the mail in the outbox, then delivers it over SMTP when configured. Call after commit. */
  send(mail: MailInput): Promise<string>;
  readonly smtpEnabled: boolean;
}

export function createMailer(config: Config, db: Db, log: { error: (o: object, m: string) => void }): Mailer {
  const transport: Transporter | null = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    smtpEnabled: transport !== null,
    async send(mail) {
      const id = newId();
      await db.insert(mailOutbox).values({ id, ...mail, status: transport ? 'queued' : 'stored' });
      if (transport) {
        try {
          await transport.sendMail({ from: config.MAIL_FROM, ...mail });
          await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, id));
        } catch (err) {
          log.error({ err }, 'mail delivery failed');
          await db
            .update(mailOutbox)
            .set({ status: 'failed', error: (err as Error).message })
            .where(eq(mailOutbox.id, id));
        }
      }
      return id;
    },
  };
}
