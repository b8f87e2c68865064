import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Lang, MessageChannel } from '@shop/contract';
import type { Mailer } from '../../lib/mail.ts';
import type { MessageKeyring } from './keys.ts';

/**
 * One adapter per channel (decision 213): e-mail through the shop's mailer, SMS through
 * Unifonic's REST API, WhatsApp through the WhatsApp Business Cloud API with approved templates.
 * Each answers the same outcome: sent (with the provider's id), or failed and whether trying again
 * may help (no answer, a 5xx or 429: yes; a refusal of the message itself: no).
 *
 * Without keys, SMS and WhatsApp go to local simulators that take the same request and answer
 * as the providers document (their success and error bodies), writing each accepted message as a
 * JSON file under `<DATA_DIR>/outbox/sms/` or `outbox/whatsapp/`, beside the e-mail outbox.
 */

export interface Outgoing {
  channel: MessageChannel;
  /** E-mail address, or E.164 number. */
  to: string;
  lang: Lang;
  subject: string;
  text: string;
  html: string | null;
  whatsapp: { name: string; params: string[] } | null;
  /** Our key for the message, sent along where the provider keeps one (Unifonic's CorrelationID). */
  reference: string;
  /** The opt-out link (e-mail's List-Unsubscribe header). */
  optOutLink: string;
}

export type SendOutcome =
  { ok: true; providerId: string | null; delivered: boolean } | { ok: false; retry: boolean; error: string };

export interface ChannelProvider {
  send(message: Outgoing): Promise<SendOutcome>;
}

/** A fetch-shaped call: the real network, or a simulator answering in-process. */
export type Transport = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string },
) => Promise<{
  status: number;
  text(): Promise<string>;
}>;

const TIMEOUT_MS = 10_000;

const networkTransport: Transport = (url, init) =>
  fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });

function retryableStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** International format without `+` or `00`, as both providers want the number. */
const digits = (e164: string) => e164.replace(/^\+/, '');

type Request = Parameters<Transport>[1];

/** An adapter over HTTP: the keys it reads per message, the provider's base address, the transport. */
type HttpProvider = (keys: MessageKeyring, baseUrl: string, transport: Transport) => ChannelProvider;

/**
 * Posts one request and reads the answer's status and text; a request that got no answer (no
 * connection, the timeout) is a failure to try again.
 */
async function post(
  transport: Transport,
  provider: string,
  url: string,
  request: Request,
): Promise<{ status: number; text: string } | SendOutcome> {
  try {
    const res = await transport(url, request);
    return { status: res.status, text: await res.text() };
  } catch (error) {
    return { ok: false, retry: true, error: `${provider} unreachable: ${(error as Error).message}` };
  }
}

// ── E-mail ───────────────────────────────────────────────────────────────────────────────────

export function emailProvider(mailer: Mailer): ChannelProvider {
  return {
    async send(message) {
      try {
        await mailer.send({
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html !== null && { html: message.html }),
          lang: message.lang,
          headers: { 'List-Unsubscribe': `<${message.optOutLink}>` },
        });
        return { ok: true, providerId: null, delivered: false };
      } catch (error) {
        // SMTP's 5xx replies refuse the message for good; anything else (4xx, no connection) may pass later.
        const code = (error as { responseCode?: number }).responseCode;
        return { ok: false, retry: !(code && code >= 500), error: (error as Error).message };
      }
    },
  };
}

// ── SMS: Unifonic ────────────────────────────────────────────────────────────────────────────

interface UnifonicAnswer {
  success?: boolean | string;
  message?: string;
  errorCode?: string;
  data?: { MessageID?: string | number; Status?: string } | null;
}

/**
 * `POST {base}/rest/SMS/messages`, form-encoded: AppSid, SenderID, Recipient (international
 * digits, no `+`), Body, responseType=JSON, CorrelationID. The answer is
 * `{ success, message, errorCode, data: { MessageID, Status, … } }`; `success: false` (with an
 * `ER-xx` code) refuses this message and is not retried; no answer or a 5xx is.
 */
export const unifonicProvider: HttpProvider = (keys, baseUrl, transport) => ({
  async send(message) {
    const form = new URLSearchParams({
      AppSid: keys.get('unifonicAppSid') ?? 'sandbox',
      Recipient: digits(message.to),
      Body: message.text,
      responseType: 'JSON',
      CorrelationID: message.reference,
    });
    const sender = keys.get('unifonicSenderId');
    if (sender) form.set('SenderID', sender);
    const answered = await post(transport, 'Unifonic', `${baseUrl}/rest/SMS/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
    });
    if ('ok' in answered) return answered;
    const { status, text } = answered;
    if (retryableStatus(status)) return { ok: false, retry: true, error: `Unifonic answered ${status}` };
    const answer = parseJson(text) as UnifonicAnswer | null;
    if (
      answer &&
      (answer.success === true || answer.success === 'true') &&
      answer.data?.MessageID !== undefined
    )
      return { ok: true, providerId: `unifonic:${answer.data.MessageID}`, delivered: false };
    return {
      ok: false,
      retry: false,
      error: `Unifonic ${answer?.errorCode ?? status}: ${answer?.message ?? text.slice(0, 200)}`,
    };
  },
});

// ── WhatsApp Business Cloud API ──────────────────────────────────────────────────────────────

interface GraphAnswer {
  messages?: { id?: string }[];
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

/** Graph error codes that say "later": throttling and Meta's own trouble. */
const WHATSAPP_RETRY_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);

/**
 * `POST {base}/{phone-number-id}/messages` with the bearer token: `messaging_product: whatsapp`,
 * `to` (digits), `type: template`, the approved template's name, its language code and one body
 * component with the parameters in order. The answer carries `messages[0].id` (a `wamid`);
 * errors are `{ error: { message, code, error_data } }`.
 */
export const whatsappProvider: HttpProvider = (keys, baseUrl, transport) => ({
  async send(message) {
    if (!message.whatsapp) return { ok: false, retry: false, error: 'no WhatsApp template' };
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: digits(message.to),
      type: 'template',
      template: {
        name: message.whatsapp.name,
        language: { code: message.lang },
        components: [
          { type: 'body', parameters: message.whatsapp.params.map((text) => ({ type: 'text', text })) },
        ],
      },
    };
    const phoneNumberId = keys.get('whatsappPhoneNumberId') ?? 'sandbox';
    const answered = await post(transport, 'WhatsApp', `${baseUrl}/${phoneNumberId}/messages`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${keys.get('whatsappToken') ?? 'sandbox'}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    if ('ok' in answered) return answered;
    const { status, text } = answered;
    const answer = parseJson(text) as GraphAnswer | null;
    const id = answer?.messages?.[0]?.id;
    if (status >= 200 && status < 300 && id)
      return { ok: true, providerId: `whatsapp:${id}`, delivered: false };
    const code = answer?.error?.code;
    const retry = retryableStatus(status) || (code !== undefined && WHATSAPP_RETRY_CODES.has(code));
    const details = answer?.error?.error_data?.details;
    return {
      ok: false,
      retry,
      error: `WhatsApp ${code ?? status}: ${answer?.error?.message ?? text.slice(0, 200)}${details ? ` (${details})` : ''}`,
    };
  },
});

// ── The simulators ───────────────────────────────────────────────────────────────────────────

async function writeOutboxFile(dir: string, record: object): Promise<string> {
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.json`);
  await writeFile(file, JSON.stringify(record, null, 2), { mode: 0o600 });
  return file;
}

const answer = (status: number, body: object) => ({ status, text: async () => JSON.stringify(body) });

/**
 * Unifonic's send call, answered locally: a missing AppSid, a recipient that is not international
 * digits, or an empty body is refused with `success: false` as Unifonic does; anything else is
 * written to `outboxDir/sms/` and answered with a MessageID and `Status: Sent`.
 */
export function unifonicSimulator(outboxDir: string): Transport {
  return async (_url, init) => {
    const form = new URLSearchParams(init.body);
    const recipient = form.get('Recipient') ?? '';
    const body = form.get('Body') ?? '';
    if (!form.get('AppSid'))
      return answer(200, { success: false, message: 'Wrong AppSid', errorCode: 'ER-01', data: null });
    if (!/^[1-9]\d{7,14}$/.test(recipient))
      return answer(200, { success: false, message: 'Invalid recipient', errorCode: 'ER-03', data: null });
    if (body.trim() === '')
      return answer(200, {
        success: false,
        message: 'Message body is required',
        errorCode: 'ER-04',
        data: null,
      });
    const messageId = Number.parseInt(randomBytes(5).toString('hex'), 16);
    await writeOutboxFile(path.join(outboxDir, 'sms'), {
      provider: 'unifonic-simulator',
      recipient,
      senderId: form.get('SenderID'),
      body,
      correlationId: form.get('CorrelationID'),
      messageId,
      at: new Date().toISOString(),
    });
    return answer(200, {
      success: true,
      message: '',
      errorCode: 'ER-00',
      data: {
        MessageID: messageId,
        CorrelationID: form.get('CorrelationID') ?? '',
        Status: 'Sent',
        NumberOfUnits: Math.max(1, Math.ceil(body.length / 70)),
        Cost: 0,
        Balance: 0,
        Recipient: recipient,
        TimeCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
        CurrencyCode: 'SAR',
      },
    });
  };
}

/**
 * WhatsApp's messages call, answered locally: it must be a template message with a name of lower-
 * case letters, digits and underscores, a language code, text parameters without new lines, and
 * a recipient in digits; otherwise the Graph API's error body (code 100, invalid parameter, or
 * 132000 when the parameters do not fit). Accepted messages are written to `outboxDir/whatsapp/`.
 */
export function whatsappSimulator(outboxDir: string): Transport {
  const refuse = (code: number, message: string, details: string) =>
    answer(400, {
      error: {
        message,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: 'simulator',
      },
    });
  return async (_url, init) => {
    const body = parseJson(init.body) as {
      messaging_product?: string;
      to?: string;
      type?: string;
      template?: {
        name?: string;
        language?: { code?: string };
        components?: { parameters?: { text?: string }[] }[];
      };
    } | null;
    if (body?.messaging_product !== 'whatsapp' || body.type !== 'template' || !body.template)
      return refuse(100, '(#100) Invalid parameter', 'messaging_product must be whatsapp and type template');
    if (!/^[1-9]\d{7,14}$/.test(body.to ?? ''))
      return refuse(100, '(#100) Invalid parameter', 'to must be a phone number');
    const name = body.template.name ?? '';
    if (!/^[a-z0-9_]{1,512}$/.test(name))
      return refuse(
        132001,
        '(#132001) Template name does not exist in the translation',
        `template name (${name})`,
      );
    if (!body.template.language?.code)
      return refuse(100, '(#100) Invalid parameter', 'language.code is required');
    const params = (body.template.components ?? [])
      .flatMap((c) => c.parameters ?? [])
      .map((p) => p.text ?? '');
    if (params.some((p) => p === '' || /[\n\t]| {5,}/.test(p)))
      return refuse(
        132000,
        '(#132000) Number of parameters does not match the expected number of params',
        'parameter text',
      );
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    await writeOutboxFile(path.join(outboxDir, 'whatsapp'), {
      provider: 'whatsapp-simulator',
      to: body.to,
      template: name,
      language: body.template.language.code,
      parameters: params,
      id,
      at: new Date().toISOString(),
    });
    return answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id, message_status: 'accepted' }],
    });
  };
}

export interface ChannelProviders {
  email: ChannelProvider;
  sms: ChannelProvider;
  whatsapp: ChannelProvider;
}

/** The providers in use: each channel's real one when its keys are known (read per message), else its simulator. */
export function channelProviders(
  config: { outboxDir: string; messages: { unifonicUrl: string; whatsappUrl: string } },
  keys: MessageKeyring,
  mailer: Mailer,
  transport: Transport = networkTransport,
): ChannelProviders {
  const sms = {
    live: unifonicProvider(keys, config.messages.unifonicUrl, transport),
    sandbox: unifonicProvider(keys, config.messages.unifonicUrl, unifonicSimulator(config.outboxDir)),
  };
  const whatsapp = {
    live: whatsappProvider(keys, config.messages.whatsappUrl, transport),
    sandbox: whatsappProvider(keys, config.messages.whatsappUrl, whatsappSimulator(config.outboxDir)),
  };
  return {
    email: emailProvider(mailer),
    sms: { send: (m) => (keys.smsLive() ? sms.live : sms.sandbox).send(m) },
    whatsapp: { send: (m) => (keys.whatsappLive() ? whatsapp.live : whatsapp.sandbox).send(m) },
  };
}
