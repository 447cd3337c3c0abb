import type { z } from 'zod';

/** Parses with a zod schema; on failure throws one error listing every problem as "field.path: rule". */
export function parseOrExplain<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map(
    (issue) => `${issue.path.map(String).join('.') || '(request)'}: ${issue.message}`,
  );
  throw new Error(`Invalid ${what}: ${problems.join('; ')}`);
}
