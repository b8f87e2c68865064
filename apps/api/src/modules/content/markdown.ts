import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Info pages are written in Markdown and shown as HTML. Markdown lets raw HTML through, so the
 * rendered HTML is cleaned by sanitize-html with an allow-list: text structure, links and
 * nothing that runs (no script, style, iframe, event handler, `javascript:` or `data:` URL).
 * Decision 131.
 */

const marked = new Marked({ gfm: true, breaks: true, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // rel and target on links are set below by the shop, never taken from the text.
  allowedAttributes: { a: ['href', 'rel', 'target'], th: ['align'], td: ['align'] },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // A heading of level 1 would compete with the page's own title.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      const out: sanitizeHtml.Attributes = { href };
      if (external) Object.assign(out, { rel: 'noopener noreferrer nofollow', target: '_blank' });
      return { tagName, attribs: out };
    },
  },
  disallowedTagsMode: 'discard',
};

/** Markdown to HTML that is safe to put in a page as it is. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, sanitizeOptions);
}
