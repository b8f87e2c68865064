import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part; every mail has one. */
  text: string;
  /** An HTML part beside the text, when the mail has one. */
  html?: string;
  /** The mail's language (`Content-Language`). */
  lang?: 'ar' | 'en';
  /** Further headers (a shopper message's `List-Unsubscribe`). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Every mail goes through nodemailer: over SMTP_URL when it is set; otherwise through its JSON
 * transport into `<DATA_DIR>/outbox/`, one `.json` file per mail (nodemailer's own message
 * object: from, to, subject, text, html, headers), which development and tests read. The log
 * gets one line per mail (to, subject, and where it went), never the body: a body holds
 * one-time links and the shopper's order.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const smtp = Boolean(config.smtpUrl);
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined && { html: message.html }),
        headers: { ...message.headers, ...(message.lang && { 'Content-Language': message.lang }) },
      });
      if (smtp) {
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return;
      }
      await mkdir(config.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.json`);
      await writeFile(file, String(info.message), { mode: 0o600 });
      const level = config.env === 'production' ? 'warn' : 'info';
      log[level](
        { file, to: message.to, subject: message.subject },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
  };
}
