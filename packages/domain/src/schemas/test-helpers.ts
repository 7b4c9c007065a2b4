import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Test-only helpers (not exported from the package). The forms show one message per field, so
 * `errorsOf` also proves that a failed parse never puts two issues on the same path.
 */

/** The message of each failing path ('a.b', or '' for the value itself); throws on success or on a path with two issues. */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (path in errors) throw new Error(`two issues on "${path}": ${errors[path]} / ${issue.message}`);
    errors[path] = issue.message;
  }
  return errors;
}

/** The parsed value; throws with the issues when the parse fails. */
export function dataOf<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/**
 * A string of any code points, lone surrogates included (what fast-check's 'binary' unit gives). That unit
 * builds its tables on first use, about 4 s of one core, which put a 5 s test near its timeout on a loaded
 * machine (issue 12 §10); this one costs nothing to set up.
 */
export function anyCodePointString(constraints: { maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.integer({ min: 0, max: 0x10ffff }).map((codePoint) => String.fromCodePoint(codePoint)),
    ...constraints,
  });
}
