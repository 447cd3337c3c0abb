export function headersVersion(nodeVersionH: string): string | undefined;
export function nodeHeadersDecision(input: {
  platform: NodeJS.Platform;
  nodeVersion: string;
  debianHeadersVersion: string | undefined;
  nodedirConfigured: boolean;
  cached: boolean;
}): { seed: true } | { seed: false; why: string };
export function nodeGypDevDir(env?: NodeJS.ProcessEnv, home?: string): string;
export function seedNodeHeaders(options?: {
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  home?: string;
}): string | undefined;
