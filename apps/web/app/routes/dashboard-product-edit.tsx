import {
  errorMessage,
  productImagesOrderSchema,
  productImageUploadSchema,
  productOptionsSchema,
  productSpecsInputSchema,
  productUpdateSchema,
  productVariantsSchema,
} from '@shop/contract';
import { data, useActionData } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/dashboard-product-edit';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { askToConfirm, confirmError } from '../features/dashboard/confirm.server.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { ProductForm } from '../features/dashboard-catalog/components/product-form.tsx';
import { ProductImages } from '../features/dashboard-catalog/components/product-images.tsx';
import { ProductVariants } from '../features/dashboard-catalog/components/product-variants.tsx';
import {
  optionFieldOf,
  optionsFromForm,
  variantFieldOf,
  variantsFromForm,
  withBulkChanges,
} from '../features/dashboard-catalog/variants-form.ts';
import { ProductSpecsForm } from '../features/dashboard-catalog/components/product-specs-form.tsx';
import { CATALOG_INTENT, moved } from '../features/dashboard-catalog/intents.ts';
import { answerForm, formError, postedFile, readForm, submitAction } from '../lib/form-action.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

const productId = (raw: string | undefined) => (raw && /^[0-9]{1,9}$/.test(raw) ? Number(raw) : undefined);

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const id = productId(args.params.id);
  const product = id === undefined ? null : await bo.catalog.product(id);
  if (!product) throw data(null, { status: 404 });
  const [categories, brands, specs] = await Promise.all([
    bo.catalog.categories(),
    bo.catalog.brands(),
    bo.catalog.productSpecs(product.id),
  ]);
  return { product, categories, brands, specs };
}

/** The forms whose refusals come back naming them (shown by that form, not the editor's). */
const OWN_FORM_INTENTS = new Set<string>([
  CATALOG_INTENT.specs,
  CATALOG_INTENT.options,
  CATALOG_INTENT.variants,
]);

const imageMove = z.object({ index: z.coerce.number().int().min(0) });

/**
 * The edit page's forms, told apart by `intent`: save the fields, upload an image, move or
 * remove one, delete the product (confirmed first).
 */
export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { bo } = await requireMember(args);
  const lang = requestLang(request);
  const id = productId(params.id);
  if (id === undefined) throw data(null, { status: 404 });
  const read = await readForm(request);
  const here = localizePath(`/dashboard/products/${id}`, lang);
  const intent = read.values.intent;

  if (intent === CATALOG_INTENT.save) {
    const result = await submitAction(
      request,
      { schema: productUpdateSchema, run: (input) => bo.catalog.saveProduct(id, input) },
      read,
    );
    return answerForm(request, result, { back: here });
  }

  if (intent === CATALOG_INTENT.options) {
    const result = await submitAction(
      request,
      {
        schema: productOptionsSchema,
        input: (values) => optionsFromForm(values),
        fieldOf: optionFieldOf,
        run: (input) => bo.catalog.saveProductOptions(id, input),
      },
      read,
    );
    // A refusal names its form, so that without JavaScript the page shows it by that form.
    if (!result.ok) return data({ error: result.error, intent });
    return answerForm(request, result, { back: here });
  }

  if (intent === CATALOG_INTENT.variants) {
    const result = await submitAction(
      request,
      {
        schema: productVariantsSchema,
        input: (values) => {
          const rows = variantsFromForm(values, Number(values.count) || 0);
          const variants = values.bulk
            ? withBulkChanges(rows, { price: values.bulkPrice, addStock: values.bulkStock })
            : rows;
          return {
            version: values.version,
            variants: variants.map(({ selected: _selected, ...row }) => row),
          };
        },
        fieldOf: variantFieldOf,
        run: (input) => bo.catalog.saveProductVariants(id, input),
      },
      read,
    );
    if (!result.ok) return data({ error: result.error, intent });
    return answerForm(request, result, { back: here });
  }

  if (intent === CATALOG_INTENT.specs) {
    const result = await submitAction(
      request,
      { schema: productSpecsInputSchema, run: (input) => bo.catalog.saveProductSpecs(id, input) },
      read,
    );
    // A refusal names its form, so that without JavaScript the page shows it under the field.
    if (!result.ok) return data({ error: result.error, intent });
    return answerForm(request, result, { back: here });
  }

  if (intent === CATALOG_INTENT.upload) {
    const result = await submitAction(
      request,
      {
        schema: productImageUploadSchema,
        errorField: 'image',
        run: (input, form) => bo.catalog.addProductImage(id, input, postedFile(form, 'image')),
      },
      read,
    );
    return answerForm(request, result, { back: here });
  }

  if (
    intent === CATALOG_INTENT.imageUp ||
    intent === CATALOG_INTENT.imageDown ||
    intent === CATALOG_INTENT.imageRemove
  ) {
    const move = imageMove.safeParse(read.values);
    if (!move.success) return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
    const current = read.form.getAll('images').map(String);
    const { index } = move.data;
    const images =
      intent === CATALOG_INTENT.imageRemove
        ? current.filter((_, i) => i !== index)
        : moved(current, index, intent === CATALOG_INTENT.imageUp ? -1 : 1);
    const result = await submitAction(
      request,
      {
        schema: productImagesOrderSchema,
        input: (values) => ({ images, version: values.version }),
        run: (input) => bo.catalog.orderProductImages(id, input),
      },
      read,
    );
    return answerForm(request, result, { back: here });
  }

  if (intent === CATALOG_INTENT.remove) {
    const ask = askToConfirm(read.values);
    if (ask) return ask;
    const result = await submitAction(
      request,
      { schema: z.object({}), run: () => bo.catalog.deleteProduct(id) },
      read,
    );
    if (!result.ok) return confirmError(read.values, result.error);
    return answerForm(request, result, { redirectTo: localizePath('/dashboard/products', lang) });
  }
  return formError({ message: errorMessage('VALIDATION_FAILED', lang) });
}

export default function DashboardProductEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang, localize } = useLang();
  const posted = useActionData<FormAnswer & { intent?: string }>();
  const { product, categories, brands, specs } = loaderData;
  const name = lang === 'en' ? product.nameEn : product.nameAr;
  return (
    <DashboardPage
      title={name}
      breadcrumbs={[{ label: t('products.title'), to: '/dashboard/products' }, { label: name }]}
      actions={
        <>
          {product.hidden ? <StatusBadge tone="warning">{t('status.hidden')}</StatusBadge> : null}
          {/* The storefront's own page: a full load, it carries the shop's words, not these. */}
          <a
            href={localize(`/product/${product.id}`)}
            target="_blank"
            rel="noopener"
            className="inline-flex h-11 items-center rounded-full border border-line bg-white px-5 font-semibold hover:border-primary"
          >
            {product.hidden ? t('products.preview') : t('products.viewInShop')}
          </a>
        </>
      }
    >
      <div className="rounded-2xl border border-line bg-white p-4 md:p-6">
        <ProductForm
          key={product.version}
          product={product}
          categories={categories}
          brands={brands}
          serverAnswer={posted?.intent && OWN_FORM_INTENTS.has(posted.intent) ? undefined : posted}
        />
      </div>
      {specs && (
        <div className="rounded-2xl border border-line bg-white p-4 md:p-6">
          <ProductSpecsForm
            key={product.version}
            specs={specs}
            version={product.version}
            categoryId={product.categoryId}
            serverAnswer={posted?.intent === CATALOG_INTENT.specs ? posted : undefined}
          />
        </div>
      )}
      <div className="rounded-2xl border border-line bg-white p-4 md:p-6">
        <ProductImages product={product} />
      </div>
      <div className="rounded-2xl border border-line bg-white p-4 md:p-6">
        <ProductVariants key={product.version} product={product} {...(posted && { serverAnswer: posted })} />
      </div>
      <div className="flex flex-col gap-2 rounded-2xl border border-line bg-white p-4 md:p-6">
        <h2 className="text-lg font-bold">{t('delete.title')}</h2>
        <p className="text-sm text-muted">{t('delete.explain')}</p>
        <div>
          <ConfirmAction
            confirmKey={`delete:${product.id}`}
            fields={{ intent: CATALOG_INTENT.remove }}
            label={t('delete.button')}
            accessibleLabel={t('delete.buttonFull', { name })}
            question={t('delete.question', { name })}
          />
        </div>
      </div>
    </DashboardPage>
  );
}
