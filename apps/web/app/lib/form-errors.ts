import { errorMessage, errorMessages, type ErrorCode, type Lang } from '@shop/contract/constants';
import type { z } from 'zod';

/** The one error a form shows: which field, and what to tell the shopper. */
export interface FormError {
  /** The input's `name`; undefined when the error is not about one field. */
  field?: string;
  message: string;
  /** The API refused (rather than the form's own checks): some screens show that as a warning. */
  refused?: boolean;
}

function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(errorMessages, value);
}

/**
 * Checks form values with the contract schema the API also uses and returns the first failure.
 * The contract orders fields and checks as docs/requirements/rules.md (Form checks) lists them,
 * so "first" is the message the shopper should see; its message names an ErrorCode, read here
 * in the page language.
 */
export function firstFormError(
  schema: z.ZodType,
  values: unknown,
  lang: Lang,
  fieldOf: FieldOf = topField,
): FormError | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  const code = isErrorCode(issue.message) ? issue.message : 'VALIDATION_FAILED';
  return { field: fieldOf(issue.path) || undefined, message: errorMessage(code, lang) };
}

/**
 * The form's field for a path of the schema's input: its first part, as most forms name their
 * inputs after the schema's; a form with other names (the settings form's flat `shopNameAr` for
 * `shopName.ar`) gives its own.
 */
export type FieldOf = (path: readonly PropertyKey[]) => string;

const topField: FieldOf = ([head]) => (typeof head === 'string' ? head : '');

/** Moves focus to the input an error is about, so keyboard and screen-reader users land on it. */
export function focusField(form: HTMLFormElement | null, field: string | undefined) {
  if (!form || !field) return;
  const element = form.elements.namedItem(field);
  if (element instanceof HTMLElement) element.focus();
}
