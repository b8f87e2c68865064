import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** A mail the shop wrote to the outbox (no SMTP in tests): nodemailer's JSON message. */
export interface OutboxMail {
  file: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  lang: string | null;
}

interface Address {
  address: string;
  name?: string;
}

const addresses = (value: Address | Address[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).map((a) => a.address);

/** Every mail of the outbox, oldest first. */
export async function readOutbox(outboxDir: string): Promise<OutboxMail[]> {
  const files = (await readdir(outboxDir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.json'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const json = JSON.parse(await readFile(path.join(outboxDir, file), 'utf8')) as {
        from?: Address;
        to?: Address | Address[];
        subject?: string;
        text?: string;
        html?: string;
        headers?: Record<string, string>;
      };
      return {
        file,
        from: addresses(json.from)[0] ?? '',
        to: addresses(json.to),
        subject: json.subject ?? '',
        text: json.text ?? '',
        html: json.html ?? null,
        lang: json.headers?.['Content-Language'] ?? null,
      };
    }),
  );
}

/** The outbox's mails as readable text (`To:`, `Subject:`, a blank line, the text part), oldest first. */
export async function outboxMails(outboxDir: string): Promise<string[]> {
  return (await readOutbox(outboxDir)).map(
    (m) => `From: ${m.from}\nTo: ${m.to.join(', ')}\nSubject: ${m.subject}\n\n${m.text}\n`,
  );
}

/** Waits for a mail sent in the background to reach the outbox. */
export async function waitForOutboxMail(
  outboxDir: string,
  match: (mail: OutboxMail) => boolean,
  timeoutMs = 5000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(outboxDir)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no such mail in the outbox');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** An SMS or WhatsApp message the channel's simulator accepted (no keys in tests): its JSON file. */
export interface SimulatedMessage {
  file: string;
  /** SMS: recipient, body, correlationId. WhatsApp: to, template, language, parameters. */
  [field: string]: unknown;
}

/** Every message the SMS or WhatsApp simulator wrote, oldest first. */
export async function readChannelOutbox(
  outboxDir: string,
  channel: 'sms' | 'whatsapp',
): Promise<SimulatedMessage[]> {
  const dir = path.join(outboxDir, channel);
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => ({
      file,
      ...(JSON.parse(await readFile(path.join(dir, file), 'utf8')) as object),
    })),
  );
}
