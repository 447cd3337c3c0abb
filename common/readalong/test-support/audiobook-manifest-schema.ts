import { z } from 'zod';

/**
 * The required parts of a W3C Audiobook's publication manifest (W3C Audiobooks, Recommendation 2020, with the
 * Publication Manifest it profiles), written here from the specification because the tests cannot download its
 * JSON schema: the two contexts first, `conformsTo` the Audiobooks profile, a `name`, a total `duration`, and a
 * non-empty `readingOrder` of audio resources each with its `url`, media type and `duration`; `author` and `readBy`
 * are lists of persons or names; a table of contents is an HTML resource with rel "contents"; a cover (rel "cover")
 * is an image (W3C Publication Manifest §4.8.2: JPEG, PNG, GIF, WebP or SVG).
 */
const isoDuration = z
  .string()
  .regex(/^PT(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)$/u, 'must be an ISO 8601 duration such as PT1H2M3.5S');
const entity = z.union([z.string().min(1), z.object({ type: z.literal('Person'), name: z.string().min(1) })]);
const linkedResource = z.object({
  type: z.literal('LinkedResource').optional(),
  url: z.string().min(1),
  encodingFormat: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/u),
  name: z.string().optional(),
  rel: z.union([z.string(), z.array(z.string())]).optional(),
  duration: isoDuration.optional(),
});

export const audiobookManifestSchema = z.object({
  '@context': z
    .array(z.string())
    .refine(
      (context) => context[0] === 'https://schema.org' && context[1] === 'https://www.w3.org/ns/pub-context',
      {
        message: 'must start with https://schema.org then https://www.w3.org/ns/pub-context',
      },
    ),
  conformsTo: z.union([
    z.literal('https://www.w3.org/TR/audiobooks/'),
    z.array(z.string()).refine((list) => list.includes('https://www.w3.org/TR/audiobooks/')),
  ]),
  type: z.union([z.literal('Audiobook'), z.array(z.string()).refine((list) => list.includes('Audiobook'))]),
  id: z.string().optional(),
  name: z.string().min(1),
  author: z.array(entity).optional(),
  readBy: z.array(entity).optional(),
  inLanguage: z
    .string()
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/u)
    .optional(),
  dateModified: z.iso.datetime().optional(),
  duration: isoDuration,
  readingOrder: z
    .array(linkedResource.extend({ encodingFormat: z.string().regex(/^audio\//u), duration: isoDuration }))
    .min(1),
  resources: z
    .array(linkedResource)
    .refine(
      (resources) =>
        resources.every(
          (resource) =>
            !relsOf(resource.rel).includes('cover') ||
            /^image\/(?:jpeg|png|gif|webp|svg\+xml)$/u.test(resource.encodingFormat),
        ),
      { message: 'a resource with rel "cover" must be a JPEG, PNG, GIF, WebP or SVG image' },
    )
    .optional(),
});

function relsOf(rel: string | string[] | undefined): string[] {
  if (rel === undefined) return [];
  return typeof rel === 'string' ? [rel] : rel;
}

/** ISO 8601 `PT…` back to milliseconds. */
export function isoDurationMs(duration: string): number {
  const match = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)$/u.exec(duration);
  if (!match) throw new Error(`not an ISO 8601 duration: ${duration}`);
  return Math.round(
    (Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)) * 1000,
  );
}
