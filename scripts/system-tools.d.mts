export type SystemKind = 'debian' | 'macos' | 'windows' | 'unknown';

export interface SystemTool {
  id: string;
  /** Commands the tool provides, all needed; "a|b" means either. */
  commands: string[];
  purpose: string;
  debian: string[];
  macos?: string[];
  windows?: string[];
  windowsFolders?: string[];
  elsewhere?: string;
  manual: string;
}

export interface DetectedSystem {
  kind: SystemKind;
  name: string;
}

export interface MissingTool {
  tool: SystemTool;
  /**
   * Where the tool is installed when it is only missing from PATH (Windows installers that skip PATH; Homebrew's
   * folder before its shellenv line).
   */
  foundIn?: string;
}

export interface ToolProbes {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  isExecutable?: (file: string) => boolean;
}

export type ToolUser = 'standin' | 'tests' | 'e2e';

export const SYSTEM_TOOLS: readonly SystemTool[];
export const TOOLS_NEEDED_BY: Record<ToolUser, string[]>;
export function detectSystem(probes: {
  platform: NodeJS.Platform;
  hasCommand: (command: string) => boolean;
  osRelease?: string;
}): DetectedSystem;
export function toolById(id: string): SystemTool;
export function packagesFor(tool: SystemTool, kind: SystemKind): string[] | undefined;
export function installCommandText(kind: SystemKind, packages: string[]): string | undefined;
export function describeTool(tool: SystemTool): string;
export function missingToolsMessage(input: {
  who: string;
  missing: MissingTool[];
  system: DetectedSystem;
}): string;
export function findCommand(command: string, probes?: ToolProbes): string | undefined;
export function findMissingTools(ids: string[], probes?: ToolProbes): MissingTool[];
export function systemCommandLocator(probes?: ToolProbes): (command: string) => string | undefined;
export function systemCommandFinder(probes?: ToolProbes): (command: string) => boolean;
export function chromiumFromEnv(probes?: Omit<ToolProbes, 'platform'>): string | undefined;
export const HEADLESS_CHROMIUM_ARGS: readonly string[];
export function requireChromium(who: string, probes?: ToolProbes): string;
export function homebrewShellenv(folder: string): string;
export function assertToolsPresent(part: ToolUser, who: string, probes?: ToolProbes): string[];
