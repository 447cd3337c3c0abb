export type TestStep = { title: string; command: string[] } | { title: string; skip: string };

export function testSteps(options: {
  root: string;
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
}): TestStep[];
