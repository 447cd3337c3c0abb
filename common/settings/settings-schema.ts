import { z } from 'zod';

/** Appearance follows the OS unless the user picks one. */
export const themeSchema = z.enum(['system', 'light', 'dark']);
export type Theme = z.infer<typeof themeSchema>;

/** The contract has no account endpoint, so the user states their plan; the UI uses it to explain paid-only features. */
export const planSchema = z.enum(['free', 'paid']);
export type Plan = z.infer<typeof planSchema>;

/** A service base URL: http(s) only, no credentials, query or fragment; stored without a trailing slash. */
export const serviceUrlSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(2048, 'must be at most 2048 characters')
  .refine(isHttpUrl, 'must be an http:// or https:// URL without user name, password, query or fragment')
  .transform(normaliseServiceUrl);

export const serviceProfileSchema = z.object({
  url: serviceUrlSchema,
  label: z.string().trim().max(80, 'must be at most 80 characters'),
  plan: planSchema,
});
export type ServiceProfile = z.infer<typeof serviceProfileSchema>;

export const settingsSchema = z.object({
  schemaVersion: z.literal(1),
  theme: themeSchema,
  services: z.array(serviceProfileSchema),
  activeServiceUrl: z.string().nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const defaultSettings: Settings = {
  schemaVersion: 1,
  theme: 'system',
  services: [],
  activeServiceUrl: null,
};

function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === ''
  );
}

/** Lower-case scheme and host (URL does that), no trailing slash, so one service has exactly one key. */
export function normaliseServiceUrl(value: string): string {
  const url = new URL(value.trim());
  const pathname = url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${url.host}${pathname}`;
}
