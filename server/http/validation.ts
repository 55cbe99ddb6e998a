import type { z } from 'zod';
import { badRequest, type FieldError } from './errors.ts';
import { english } from '../i18n.ts';

/**
 * Parses input with a zod schema; failure becomes a 400 whose message is the first issue's
 * message (the user-facing one) and whose errors list every field.
 * Unknown keys are stripped by zod objects, so no mass assignment.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, summary?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((i) => ({ msg: i.message, path: i.path.join('.') }));
  throw badRequest(summary ?? errors[0]?.msg ?? english.errors.invalidInput, errors);
}
