import type { BuildOptions } from 'esbuild';

export function buildAll(options?: { quiet?: boolean }): Promise<void>;
export function browserShellBundle(outdir: string): BuildOptions;
export const BUNDLED_IN_BROWSER_SHELL: RegExp;
