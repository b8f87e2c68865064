import { z } from './zod.ts';
import { hasControlCharacters } from './constants.ts';

export { hasControlCharacters };

/**
 * Every text field of the contract starts here: a string without control characters, refused
 * with TEXT_CONTROL_CHARACTERS before any other rule of the field runs.
 */
export function text({ multiline = false }: { multiline?: boolean } = {}) {
  return z.string().refine((value) => !hasControlCharacters(value, { multiline }), {
    message: 'TEXT_CONTROL_CHARACTERS',
    abort: true,
  });
}
