import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { lineTotal } from '../summary.ts';
import { QuantityStepper } from './quantity-stepper.tsx';
import { CART_INTENT } from '../intents.ts';
import { useActionForm } from '../../../lib/form-answer.ts';
import type { ShownCartLine } from '../use-cart-lines.ts';
import { VariantNote } from '../../../components/ui/variant-note.tsx';

/** The cart's items: image, name, unit price, quantity, line total and remove. */
export function CartLines({
  lines,
  codeDiscounts = new Map(),
}: {
  lines: readonly ShownCartLine[];
  /** SAR the cart's discount code takes off each line, by `carId`. */
  codeDiscounts?: ReadonlyMap<number, number>;
}) {
  const { t } = useTranslation('cart');
  return (
    // Columns by the list's own width, not the window's: beside the order summary (992–1199 px)
    // the list is as narrow as on a tablet, and the columns would leave the name no room.
    <div className="@container rounded-2xl border border-line">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[1fr_8rem_9rem_8rem_3rem] gap-4 border-b border-line bg-surface px-4 py-3 text-sm font-semibold text-muted @min-[48rem]:grid"
      >
        <span>{t('product')}</span>
        <span>{t('price')}</span>
        <span>{t('quantity')}</span>
        <span>{t('lineTotal')}</span>
        <span />
      </div>
      <ul aria-label={t('items')} className="divide-y divide-line">
        {lines.map((line) => (
          <CartLine key={line.carId} line={line} codeDiscount={codeDiscounts.get(line.carId) ?? 0} />
        ))}
      </ul>
    </div>
  );
}

/**
 * One line, with its own form to the cart page's action: a quantity step is sent and shown at
 * once; a removal greys the line out until the server has answered (useCartLines). The line
 * stays on the page until then, so the answer's toast says what happened.
 */
function CartLine({ line, codeDiscount }: { line: ShownCartLine; codeDiscount: number }) {
  const { t } = useTranslation('cart');
  const { lang, localize } = useLang();
  const { Form } = useActionForm();
  return (
    <li
      aria-busy={line.removing || undefined}
      className={`grid grid-cols-[4.5rem_1fr] items-center gap-x-4 gap-y-3 p-4 @min-[48rem]:grid-cols-[1fr_8rem_9rem_8rem_3rem] ${line.removing ? 'opacity-50' : ''}`}
    >
      <div className="col-span-2 flex min-w-0 items-center gap-4 @min-[48rem]:col-span-1">
        <img
          src={line.productImage || undefined}
          alt=""
          width={72}
          height={72}
          loading="lazy"
          className="size-18 shrink-0 rounded-xl bg-surface object-contain"
        />
        <div className="min-w-0">
          <ShopLink
            to={`/product/${line.productId}${line.options ? `?variant=${encodeURIComponent(line.sku)}` : ''}`}
            className="line-clamp-2 font-semibold hover:underline"
          >
            {line.productName}
          </ShopLink>
          <VariantNote options={line.options} sku={line.sku} className="mt-1" />
          {line.productStock < line.productCount || line.productStock <= 3 ? (
            <p className="mt-1 text-xs font-semibold text-sale">
              {t('onlyLeft', { count: line.productStock })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col text-sm @min-[48rem]:text-base">
        <span className="text-xs text-muted @min-[48rem]:hidden">{t('price')}</span>
        <span className="font-semibold">{formatPrice(line.productPrice, lang)}</span>
        {line.productPriceBeforeOffer !== undefined && (
          <s className="text-xs text-muted">{formatPrice(line.productPriceBeforeOffer, lang)}</s>
        )}
        {line.promotion && (
          <span className="text-xs font-semibold text-sale">
            {t('promotionEnds', {
              name: line.promotion.name,
              date: formatDateTime(line.promotion.endsAt, lang),
            })}
          </span>
        )}
      </div>
      <div className="justify-self-end @min-[48rem]:justify-self-start">
        <Form method="post" action={localize('/cart')}>
          <input type="hidden" name="intent" value={CART_INTENT.count} />
          <input type="hidden" name="carId" value={line.carId} />
          <QuantityStepper name={line.productName} count={line.productCount} max={line.productStock} />
        </Form>
      </div>
      <div className="flex flex-col text-sm @min-[48rem]:text-base">
        <span className="text-xs text-muted @min-[48rem]:hidden">{t('lineTotal')}</span>
        <span className="font-bold">{formatPrice(lineTotal(line), lang)}</span>
        {codeDiscount > 0 && (
          <span className="text-xs font-semibold text-sale" data-testid="cart-line-code-discount">
            {t('lineCodeDiscount', { amount: formatPrice(codeDiscount, lang) })}
          </span>
        )}
      </div>
      <div className="justify-self-end @min-[48rem]:justify-self-center">
        <ConfirmDialog
          name={`remove-${line.carId}`}
          message={t('removeConfirm')}
          confirmLabel={t('remove')}
          triggerLabel={t('removeLabel', { name: line.productName })}
          triggerClassName="inline-flex size-10 items-center justify-center rounded-full text-sale hover:bg-red-50"
          trigger={<Icon name="trash" />}
          form={(confirm, action) => (
            <Form method="post" action={action(localize('/cart'))}>
              <input type="hidden" name="intent" value={CART_INTENT.remove} />
              <input type="hidden" name="carId" value={line.carId} />
              {/* Asked once: the removal on its way cannot be sent again. */}
              <fieldset disabled={line.removing} className="contents">
                {confirm}
              </fieldset>
            </Form>
          )}
        />
      </div>
    </li>
  );
}
