import type { CreditNote } from '@shop/contract';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A simplified tax credit note as a printable A4 document (the `print-document` class prints
 * it alone): seller and VAT number, its own number and the original invoice's, the refunded
 * amount with the VAT in it, and its ZATCA QR code. The shopper's order page and the back
 * office show the same document (its words are in `common`, which both carry).
 */
export function CreditNoteDocument({ note }: { note: CreditNote }) {
  const { t } = useTranslation('common');
  const { lang } = useLang();
  const row = 'flex items-baseline justify-between gap-4 py-1';
  return (
    <article
      className="print-document mx-auto flex max-w-3xl flex-col gap-6 rounded-2xl border border-line bg-white p-6 print:max-w-none print:rounded-none print:border-0 print:p-0"
      data-testid="credit-note"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-4">
        <div className="flex flex-col gap-1">
          <h1 className="text-xl font-bold">{t('creditNote.title')}</h1>
          <p className="text-sm text-muted">
            {note.sellerName} · {t('creditNote.vatNumber')}: <span dir="ltr">{note.vatNumber}</span>
          </p>
        </div>
        <figure className="flex flex-col items-center gap-1">
          <img
            src={note.qrImage}
            alt={t('creditNote.qrLabel')}
            width={128}
            height={128}
            className="size-32"
            data-testid="credit-note-qr"
            data-qr-phase={note.signed ? 2 : 1}
          />
          {note.signed && (
            <figcaption className="max-w-32 text-center text-xs text-muted">
              {t('creditNote.qrSigned')}
            </figcaption>
          )}
        </figure>
      </header>
      <dl className="grid gap-x-8 gap-y-1 text-sm sm:grid-cols-2">
        <div className={row}>
          <dt className="text-muted">{t('creditNote.number')}</dt>
          <dd className="font-semibold" data-testid="credit-note-number">
            {note.number}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('creditNote.issuedAt')}</dt>
          <dd>{formatDateTime(note.issuedAt, lang)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('creditNote.invoiceNumber')}</dt>
          <dd className="font-semibold">{note.invoiceNumber}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('creditNote.invoiceDate')}</dt>
          <dd>{formatDateTime(note.invoiceDate, lang)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('creditNote.customer')}</dt>
          <dd>{note.customerName}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('creditNote.reason')}</dt>
          <dd>{note.reason}</dd>
        </div>
      </dl>
      {note.returnedLines.length > 0 && (
        <section className="flex flex-col gap-2 text-sm">
          <h2 className="font-semibold">{t('creditNote.returned')}</h2>
          <ul className="divide-y divide-line rounded-xl border border-line">
            {note.returnedLines.map((line, index) => (
              <li key={index} className="flex justify-between gap-4 px-4 py-2">
                <span>{line.productName}</span>
                <span>× {formatNumber(line.quantity, lang)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl className="ms-auto flex w-full max-w-sm flex-col text-sm">
        <div className={row}>
          <dt className="text-muted">{t('creditNote.totalExVat')}</dt>
          <dd>{formatPrice(note.totalExVat, lang)}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">{t('creditNote.vat')}</dt>
          <dd>{formatPrice(note.vat, lang)}</dd>
        </div>
        <div className={`${row} border-t border-line pt-2 text-base font-bold`}>
          <dt>{t('creditNote.total')}</dt>
          <dd data-testid="credit-note-total">{formatPrice(note.total, lang)}</dd>
        </div>
      </dl>
    </article>
  );
}
