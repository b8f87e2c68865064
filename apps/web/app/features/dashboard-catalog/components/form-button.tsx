import { useActionForm } from '../../../lib/form-answer.ts';

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
