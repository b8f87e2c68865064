import { tabbyInstalments, type Lang, type PayLaterMethod } from '@shop/contract';
import type { GatewayPayment } from '../../modules/payments/provider.ts';

/**
 * A pay-later simulator's hosted page (Tabby's or Tamara's): what the provider's own page is to
 * a real payment (the shopper sees the plan and approves or cancels), served by the shop when it
 * has no keys for it. It is written without React and without scripts, and its one form posts
 * to the shop itself.
 */

/** The provider's name on its page, and its colour on the approve button. */
const providers: Record<PayLaterMethod, { ar: string; en: string; accent: string }> = {
  tabby: { ar: 'تابي', en: 'Tabby', accent: '#3affa1' },
  tamara: { ar: 'تمارا', en: 'Tamara', accent: '#f5b1a4' },
};

const words = {
  ar: {
    title: (name: string) => `${name} (محاكاة) — ادفع على 4 دفعات`,
    simulated: (name: string) => `هذه صفحة محاكاة ل${name}: لا تُؤخذ أي أموال.`,
    total: 'المبلغ',
    today: 'اليوم',
    inMonths: (n: number) => (n === 1 ? 'بعد شهر' : n === 2 ? 'بعد شهرين' : `بعد ${n} أشهر`),
    approve: 'موافقة والدفع',
    cancel: 'إلغاء والعودة إلى المتجر',
    decided: 'تم البت في هذه الدفعة.',
    back: 'العودة إلى المتجر',
  },
  en: {
    title: (name: string) => `${name} (simulated) — pay in 4`,
    simulated: (name: string) => `This is a simulation of ${name}: no money is taken.`,
    total: 'Amount',
    today: 'Today',
    inMonths: (n: number) => (n === 1 ? 'In 1 month' : `In ${n} months`),
    approve: 'Approve and pay',
    cancel: 'Cancel and return to the shop',
    decided: 'This payment has been decided.',
    back: 'Return to the shop',
  },
} as const;

const locales: Record<Lang, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-SA' };

function money(halalas: number, lang: Lang): string {
  return new Intl.NumberFormat(locales[lang], { style: 'currency', currency: 'SAR' }).format(halalas / 100);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const style = `
body{font-family:system-ui,sans-serif;margin:0;background:#f5f5f0;color:#1d1d1b}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.card{background:#fff;border-radius:1rem;padding:1.25rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.2rem;margin:0 0 .5rem}
.note{font-size:.9rem;color:#5c5c57;margin:0 0 1rem}
.total{font-size:1.5rem;font-weight:700;margin:.25rem 0 1rem}
ol{list-style:none;padding:0;margin:0 0 1.25rem;display:grid;gap:.5rem}
li{display:flex;justify-content:space-between;padding-block:.5rem;border-block-end:1px solid #eee}
button,a.button{display:block;width:100%;box-sizing:border-box;padding:.8rem;border-radius:.6rem;font-size:1rem;
text-align:center;border:0;cursor:pointer;font-family:inherit;margin-block-start:.6rem;text-decoration:none}
.approve{background:var(--accent);color:#1d1d1b;font-weight:700}
.cancel{background:transparent;color:#1d1d1b;border:1px solid #bbb}`;

/** The page for one payment: its plan with approve and cancel while pending, else a way back. */
export function payLaterSandboxPage(
  method: PayLaterMethod,
  payment: GatewayPayment,
  lang: Lang,
  action: string,
  back: string | null,
): string {
  const w = words[lang];
  const provider = providers[method];
  const title = w.title(provider[lang]);
  const parts = tabbyInstalments(payment.amount);
  const plan = parts
    .map(
      (part, i) =>
        `<li><span>${i === 0 ? w.today : w.inMonths(i)}</span><strong>${money(part, lang)}</strong></li>`,
    )
    .join('');
  const body =
    payment.state === 'pending' && !payment.awaitingMerchant
      ? `<form method="post" action="${escape(action)}">` +
        `<button class="approve" name="answer" value="approve">${w.approve}</button>` +
        `<button class="cancel" name="answer" value="cancel">${w.cancel}</button></form>`
      : `<p>${w.decided}</p>` + (back ? `<a class="button cancel" href="${escape(back)}">${w.back}</a>` : '');
  return (
    `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head>` +
    `<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${title}</title>` +
    `<style>:root{--accent:${provider.accent}}${style}</style></head>` +
    `<body><main><div class="card"><h1>${title}</h1><p class="note">${w.simulated(provider[lang])}</p>` +
    `<div>${w.total}</div><div class="total">${money(payment.amount, lang)}</div>` +
    `<ol>${plan}</ol>${body}</div></main></body></html>`
  );
}
