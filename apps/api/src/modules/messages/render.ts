import type { Lang, MessageChannel } from '@shop/contract';

/**
 * Filling a template (decision 214). Placeholders are `{name}`; each is replaced once by its
 * value as plain text, never read again as a template, so a value that looks like `{optOutLink}`
 * or holds markup stays what it is. A line whose placeholders are all empty is left out. The
 * e-mail's HTML part escapes every character of the text and makes its web links clickable;
 * WhatsApp gets the values in the order the placeholders appear, as its template's `{{1}}`,
 * `{{2}}`… parameters.
 */

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;

export type Values = Record<string, string>;

/** The placeholders a text uses, in order of appearance (repeats kept). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** The text with every placeholder replaced; lines whose placeholders are all empty are left out. */
export function fill(text: string, values: Values): string {
  return text
    .split('\n')
    .filter((line) => {
      const used = placeholdersOf(line);
      return used.length === 0 || used.some((name) => (values[name] ?? '') !== '');
    })
    .map((line) =>
      line.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name]! : whole)),
    )
    .join('\n');
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The text as an HTML document, right-to-left for Arabic, every line a paragraph, web links clickable. */
export function htmlOf(subject: string, text: string, lang: Lang): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const paragraphs = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(
      (line) =>
        `<p>${escapeHtml(line).replace(/https?:\/\/[^\s<&"']+/g, (url) => `<a href="${url}">${url}</a>`)}</p>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body dir="${dir}" style="font-family:Tahoma,Arial,sans-serif;line-height:1.6;text-align:${lang === 'ar' ? 'right' : 'left'}">` +
    `${paragraphs}</body></html>`
  );
}

/** WhatsApp refuses parameters with new lines, tabs or more than four spaces in a row, and empty ones. */
function whatsappParameter(value: string): string {
  const flat = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
  return flat === '' ? '-' : flat.slice(0, 1000);
}

export interface Rendered {
  subject: string;
  text: string;
  html: string | null;
  /** WhatsApp only: the approved template's name and its body parameters in order. */
  whatsapp: { name: string; params: string[] } | null;
}

export function renderTemplate(
  channel: MessageChannel,
  lang: Lang,
  template: { subject: string; body: string; whatsappName: string },
  values: Values,
): Rendered {
  const text = fill(template.body, values);
  if (channel === 'email') {
    const subject = fill(template.subject, values).replace(/[\r\n]+/g, ' ');
    return { subject, text, html: htmlOf(subject, text, lang), whatsapp: null };
  }
  if (channel === 'whatsapp')
    return {
      subject: '',
      text,
      html: null,
      whatsapp: {
        name: template.whatsappName,
        params: placeholdersOf(template.body).map((name) => whatsappParameter(values[name] ?? '')),
      },
    };
  return { subject: '', text, html: null, whatsapp: null };
}
