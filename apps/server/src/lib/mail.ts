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

export function createMailer(
  configOf: Config | (() => Config),
  db: Db,
  log: { error: (o: object, m: string) => void },
): Mailer {
  const current = typeof configOf === 'function' ? configOf : () => configOf;
  // The transport follows SMTP_URL: an admin may set it from the console without a restart.
  let built: { url: string | undefined; transport: Transporter | null } | null = null;
  const transportNow = () => {
    const url = current().SMTP_URL;
    if (!built || built.url !== url) built = { url, transport: url ? nodemailer.createTransport(url) : null };
    return built.transport;
  };
  return {
    get smtpEnabled() {
      return transportNow() !== null;
    },
    async send(mail) {
      const id = newId();
      const transport = transportNow();
      await db.insert(mailOutbox).values({ id, ...mail, status: transport ? 'queued' : 'stored' });
      if (transport) {
        try {
          await transport.sendMail({ from: current().MAIL_FROM, ...mail });
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
