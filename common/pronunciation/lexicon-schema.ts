import { z } from 'zod';
import { PROJECT_LIMITS, formatLimit } from '../project/project-limits.js';

const parameterSchema = z
  .string()
  .max(PROJECT_LIMITS.parameter, `must be at most ${PROJECT_LIMITS.parameter} characters`);

/**
 * One pronunciation rule: where `term` appears in a block's text, `replacement` (a respelling such as
 * "nee-SHAH", or an alias such as "World Wide Web Consortium" for "W3C") is sent instead. The script never
 * changes; only the text sent (and so the content hash) does.
 */
export const lexiconRuleSchema = z.strictObject({
  id: z
    .string()
    .min(1, 'must not be empty')
    .max(PROJECT_LIMITS.id, `must be at most ${PROJECT_LIMITS.id} characters`),
  term: z
    .string()
    .refine((value) => value.trim() !== '', 'must not be empty')
    .refine((value) => value.length <= PROJECT_LIMITS.lexiconTerm, {
      message: `must be at most ${PROJECT_LIMITS.lexiconTerm} characters`,
    }),
  replacement: z
    .string()
    .max(
      PROJECT_LIMITS.lexiconReplacement,
      `must be at most ${PROJECT_LIMITS.lexiconReplacement} characters`,
    ),
  /** Only where the term is a whole word: "Ra" then leaves "Rain" alone. */
  wholeWord: z.boolean(),
  /** Match letter case exactly: "US" (the country) but not "us". */
  caseSensitive: z.boolean(),
  /** Only for blocks sent in this language (a service language code); absent means every language. */
  language: parameterSchema.optional(),
  /** Only for blocks spoken by this voice (its id); absent means every voice. */
  voiceId: parameterSchema.optional(),
});

export type LexiconRule = z.infer<typeof lexiconRuleSchema>;

export const lexiconRulesSchema = z
  .array(lexiconRuleSchema)
  .max(PROJECT_LIMITS.lexiconRules, `must hold at most ${formatLimit(PROJECT_LIMITS.lexiconRules)} rules`);
