import type { BuildOptions } from 'esbuild';

export function buildAll(options?: { quiet?: boolean }): Promise<void>;
export function browserShellBundle(outdir: string): BuildOptions;
