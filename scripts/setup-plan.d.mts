import type { DetectedSystem, SystemTool, ToolProbes } from './system-tools.mjs';

export interface SetupProbes extends ToolProbes {
  system: DetectedSystem;
  isRoot: boolean;
  hasCommand: (command: string) => boolean;
  /** A system command's full path (Homebrew's folder included when PATH lacks it), or undefined. */
  locateCommand: (command: string) => string | undefined;
  packageInstalled: (debianPackage: string) => boolean;
}

export type SetupPlan =
  | { kind: 'ready' }
  | { kind: 'stop'; message: string }
  | { kind: 'note'; message: string }
  | {
      kind: 'install';
      system: DetectedSystem;
      tools: SystemTool[];
      packages: string[];
      admin: string;
      commands: string[][];
      notes: string[];
      /** What the user must do afterwards for their own terminal to find the tools. */
      after: string[];
    };

export function planSetup(probes: SetupProbes): SetupPlan;
export function formatPlan(plan: SetupPlan, options?: { dryRun?: boolean }): string;
export function commandText(argv: readonly string[]): string;
export function commandFailure(
  argv: readonly string[],
  result: { error?: Error | undefined; status: number | null; signal: NodeJS.Signals | null },
): string | undefined;
export function alreadyInstalledNote(
  argv: readonly string[],
  result: { status: number | null },
): string | undefined;
