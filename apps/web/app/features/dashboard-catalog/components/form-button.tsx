import type { ReactNode } from 'react';
import { useActionForm } from '../../../lib/form-answer.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CATALOG_INTENT } from '../intents.ts';

/**
 * A small button that posts a form of its own hidden `fields` (a list posts one field per
 * value), so it works before hydration too: the catalog pages' move, remove and reorder buttons.
 */
export function FormButton({
  fields,
  label,
  disabled = false,
}: {
  fields: Record<string, string | number | readonly string[]>;
  label: string;
  disabled?: boolean;
}) {
  const { Form, busy } = useActionForm();
  return (
    <Form method="post">
      {Object.entries(fields).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value]).map((one: string | number, i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={one} />
        )),
      )}
      <button
        type="submit"
        className="inline-flex h-10 min-w-10 items-center justify-center rounded-lg border border-line bg-white px-3 text-sm font-semibold hover:border-primary disabled:opacity-40"
        disabled={disabled || busy}
        aria-busy={busy}
      >
        {label}
      </button>
    </Form>
  );
}

/** "Up" and "Down" for one entry of an ordered list (categories, brands, specifications). */
export function MoveButtons({ id, first, last }: { id: number; first: boolean; last: boolean }) {
  const { t } = useTranslation('dashboard-catalog');
  return (
    <div className="flex gap-1">
      <FormButton
        fields={{ intent: CATALOG_INTENT.moveUp, id }}
        label={t('groups.earlier')}
        disabled={first}
      />
      <FormButton
        fields={{ intent: CATALOG_INTENT.moveDown, id }}
        label={t('groups.later')}
        disabled={last}
      />
    </div>
  );
}

/** An entry's edit form, folded under "Edit <name>" until opened. */
export function EditDetails({ name, children }: { name: string; children: ReactNode }) {
  const { t } = useTranslation('dashboard-catalog');
  return (
    <details className="rounded-xl border border-line">
      <summary className="cursor-pointer px-4 py-2 font-semibold">{t('groups.edit', { name })}</summary>
      {children}
    </details>
  );
}
