import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends mail through SMTP_URL. Without it (development, tests) a message is not lost: it is
 * logged and written to `<DATA_DIR>/outbox/` as a text file, so a developer can open the link.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(config.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.txt`);
      const body = `From: ${config.mailFrom}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`;
      await writeFile(file, body, { mode: 0o600 });
      const level = config.env === 'production' ? 'warn' : 'info';
      log[level](
        { file, to: message.to, subject: message.subject, text: message.text },
        'mail written to the outbox (no SMTP_URL)',
      );
    },
  };
}
