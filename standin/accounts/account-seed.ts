import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** One account as given by `--accounts FILE` (JSON array of these) or the built-in defaults. */
export const accountSeedSchema = z.object({
  token: z.string().min(1, 'token must be a non-empty string'),
  plan: z.enum(['free', 'paid']),
  credits: z.number().nonnegative(),
  proCloneAccess: z.boolean(),
  proCloneQuota: z.number().int().nonnegative(),
});
export type AccountSeed = z.infer<typeof accountSeedSchema>;

export const BUILT_IN_ACCOUNTS: readonly AccountSeed[] = [
  { token: 'standin-free', plan: 'free', credits: 20_000, proCloneAccess: false, proCloneQuota: 0 },
  { token: 'standin-paid', plan: 'paid', credits: 1_000_000, proCloneAccess: true, proCloneQuota: 3 },
];

/** Resolves the accounts option: a file path, a list, or the built-ins; errors name the entry and the field. */
export async function loadAccountSeeds(source: string | AccountSeed[] | undefined): Promise<AccountSeed[]> {
  if (source === undefined) return [...BUILT_IN_ACCOUNTS];
  const raw: unknown = typeof source === 'string' ? JSON.parse(await readFile(source, 'utf8')) : source;
  const parsed = z.array(accountSeedSchema).min(1).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `accounts[${issue?.path.join('.') ?? ''}] is invalid: ${issue?.message ?? 'unknown rule'}`,
    );
  }
  const tokens = new Set<string>();
  for (const seed of parsed.data) {
    if (tokens.has(seed.token)) throw new Error(`accounts: token ${seed.token} appears twice`);
    tokens.add(seed.token);
  }
  return parsed.data;
}
