// The one list of the system tools Timbre Studio's development needs: what each is for, how it is found, and how
// to get it on each OS. The set-up script (install-system-deps.mjs), `npm start`, the stand-in and the tests all
// read it, so a missing tool is named and explained in the same words everywhere. Plain Node, no dependencies:
// it runs before `npm install`.
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Each tool: the commands it provides (all must be found), what it is for, and its packages per system.
 * `debian` lists apt packages (checked with dpkg-query); `macos` Homebrew formulae; `windows` winget ids.
 * A system without an entry does not need the tool there (and the set-up says why in `elsewhere`).
 */
export const SYSTEM_TOOLS = [
  {
    id: 'espeak-ng',
    commands: ['espeak-ng'],
    purpose: "the stand-in's offline speech synthesis, and the tests' spoken fixtures",
    debian: ['espeak-ng'],
    macos: ['espeak-ng'],
    windows: ['eSpeak-NG.eSpeak-NG'],
    // The eSpeak NG installer does not add its folder to PATH.
    windowsFolders: ['%ProgramFiles%\\eSpeak NG'],
    manual: 'https://github.com/espeak-ng/espeak-ng/releases',
  },
  {
    id: 'ffmpeg',
    commands: ['ffmpeg', 'ffprobe'],
    purpose: "the stand-in's audio decoding and encoding, and the tests' audio fixtures and measurements",
    debian: ['ffmpeg'],
    macos: ['ffmpeg'],
    windows: ['Gyan.FFmpeg'],
    // winget's links folder joins PATH only in terminals opened after the install.
    windowsFolders: ['%LOCALAPPDATA%\\Microsoft\\WinGet\\Links', '%ProgramFiles%\\WinGet\\Links'],
    manual: 'https://ffmpeg.org/download.html',
  },
  {
    id: 'sox',
    commands: ['sox'],
    purpose: "the tests' audio fixtures (speech, noise, tones)",
    debian: ['sox', 'libsox-fmt-mp3'],
    macos: ['sox'],
    windows: ['ChrisBagwell.SoX'],
    // SoX's installer does not add its folder to PATH either.
    windowsFolders: ['%ProgramFiles(x86)%\\sox-14-4-2'],
    manual: 'https://sourceforge.net/projects/sox/files/sox/',
  },
  {
    id: 'chromium',
    commands: ['chromium|chromium-browser'],
    purpose: 'the end-to-end journeys and the browser-shell tests (playwright-core drives it)',
    debian: ['chromium'],
    elsewhere:
      'the end-to-end journeys run on Linux (CI); to run them here, set CHROMIUM_PATH to a Chromium or Chrome binary',
    manual: 'https://www.chromium.org/getting-involved/download-chromium/',
  },
  {
    id: 'epubcheck',
    commands: [],
    purpose: 'validates the read-along EPUB in its test (java -jar /usr/share/java/epubcheck.jar)',
    debian: ['epubcheck'],
    elsewhere: 'the read-along EPUB check reads Debian’s epubcheck.jar and runs on Linux',
    manual: 'https://www.w3.org/publishing/epubcheck/',
  },
  {
    id: 'secret-service',
    commands: [],
    purpose: 'a real Secret Service for the keychain tests (scripts/with-keyring.sh)',
    debian: ['gnome-keyring', 'dbus', 'dbus-x11'],
    elsewhere: 'keytar uses the keychain built into macOS and Windows',
    manual: 'your distribution’s gnome-keyring and dbus packages',
  },
  {
    id: 'keytar-build',
    commands: [],
    purpose: 'building keytar (the OS keychain module) from source during npm install',
    debian: ['libsecret-1-dev', 'python3', 'make', 'g++'],
    elsewhere:
      'npm install downloads keytar prebuilt; without network access to GitHub it builds it, which needs Xcode’s command line tools (xcode-select --install) or Visual Studio’s C++ build tools',
    manual: 'libsecret’s development files, python3, make and a C++ compiler',
  },
  {
    id: 'packaging',
    commands: [],
    purpose: 'the packaging check (builds and inspects the .deb and the AppImage)',
    debian: ['squashfs-tools', 'desktop-file-utils', 'fakeroot'],
    elsewhere: 'the packaging check runs on Linux',
    manual: 'squashfs-tools, desktop-file-utils and fakeroot',
  },
];

/** The tools each part needs, checked before it starts. */
export const TOOLS_NEEDED_BY = {
  standin: ['espeak-ng', 'ffmpeg'],
  tests: ['espeak-ng', 'ffmpeg', 'sox'],
  e2e: ['chromium'],
};

const SYSTEM_NAMES = {
  debian: 'Debian/Ubuntu (apt)',
  macos: 'macOS (Homebrew)',
  windows: 'Windows (winget)',
};

/**
 * Which set-up applies: Debian and its derivatives (anything with apt-get and dpkg-query), macOS, Windows, else
 * unknown (named from /etc/os-release's PRETTY_NAME when given).
 */
export function detectSystem({ platform, hasCommand, osRelease = '' }) {
  if (platform === 'darwin') return { kind: 'macos', name: SYSTEM_NAMES.macos };
  if (platform === 'win32') return { kind: 'windows', name: SYSTEM_NAMES.windows };
  if (platform === 'linux' && hasCommand('apt-get') && hasCommand('dpkg-query')) {
    return { kind: 'debian', name: SYSTEM_NAMES.debian };
  }
  const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(osRelease)?.[1];
  return { kind: 'unknown', name: pretty ? `${pretty} (${platform}, no apt)` : platform };
}

export function toolById(id) {
  const tool = SYSTEM_TOOLS.find((candidate) => candidate.id === id);
  if (!tool) throw new Error(`No system tool "${id}" in scripts/system-tools.mjs`);
  return tool;
}

/** The tool's packages on this system, or undefined when the system does not need it (or has no package). */
export function packagesFor(tool, kind) {
  return kind === 'debian' || kind === 'macos' || kind === 'windows' ? tool[kind] : undefined;
}

/** The command line that installs these packages on this system, as a person would type it. */
export function installCommandText(kind, packages) {
  if (kind === 'debian') return `sudo apt-get install ${packages.join(' ')}`;
  if (kind === 'macos') return `brew install ${packages.join(' ')}`;
  if (kind === 'windows') {
    return packages.map((id) => `winget install --id ${id} --exact --source winget`).join('; ');
  }
  return undefined;
}

/** One line per tool: its name, commands and what it is for. */
export function describeTool(tool) {
  const commands = tool.commands.map((command) => command.replace('|', ' or ')).join(', ');
  return `${tool.id}${commands && commands !== tool.id ? ` (${commands})` : ''}: ${tool.purpose}`;
}

/**
 * The sentence a part prints when tools it needs are missing: each tool, what it is for, and how to get it on
 * this system (or by hand, with where to find it, on an unknown one).
 */
export function missingToolsMessage({ who, missing, system }) {
  const lines = [`${who} needs ${missing.length === 1 ? 'a tool' : 'tools'} that this machine lacks:`];
  for (const { tool, foundIn } of missing) {
    lines.push(`  - ${describeTool(tool)}`);
    if (foundIn)
      lines.push(`    installed in ${foundIn}, which is not on PATH: ${addToPath(foundIn, system)}`);
  }
  const toInstall = missing.filter((entry) => !entry.foundIn && packagesFor(entry.tool, system.kind));
  const byHand = missing.filter((entry) => !entry.foundIn && !packagesFor(entry.tool, system.kind));
  if (toInstall.length > 0) {
    const packages = toInstall.flatMap(({ tool }) => packagesFor(tool, system.kind));
    lines.push(`Install on ${system.name} with: ${installCommandText(system.kind, packages)}`);
    if (system.kind === 'windows') lines.push('then open a new terminal, so that PATH includes them.');
  }
  if (byHand.length > 0) {
    lines.push(`By hand on ${system.name}:`);
    for (const { tool } of byHand) lines.push(`  - ${tool.id}: ${tool.elsewhere ?? tool.manual}`);
  }
  lines.push('`node scripts/install-system-deps.mjs` installs everything the development set-up needs.');
  return lines.join('\n');
}

/** How to put an install folder on PATH, in the words of this system's shell. */
function addToPath(folder, system) {
  if (system.kind === 'macos') return `run ${homebrewShellenv(folder)} (and add that line to ~/.zprofile)`;
  if (system.kind === 'windows') {
    return (
      `add it, e.g. in PowerShell: [Environment]::SetEnvironmentVariable('Path', ` +
      `[Environment]::GetEnvironmentVariable('Path', 'User') + ';${folder}', 'User'), then open a new terminal`
    );
  }
  return `add it to PATH (export PATH="${folder}:$PATH")`;
}

/** Homebrew's own line that puts its folders on the shell's PATH, for the brew in `folder`. */
export function homebrewShellenv(folder) {
  return `eval "$(${folder}/brew shellenv)"`;
}

/**
 * Whether `command` is an executable on PATH (PATHEXT's extensions on Windows), without running anything.
 * `alternatives` may be "a|b": either will do. Returns the full path found, or undefined.
 */
export function findCommand(
  command,
  { platform = process.platform, env = process.env, isExecutable = executableFile } = {},
) {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const separator = platform === 'win32' ? ';' : ':';
  const folders = (env.PATH ?? env.Path ?? '').split(separator).filter(Boolean);
  const extensions = platform === 'win32' ? (env.PATHEXT ?? '.COM;.EXE;.BAT;.CMD').split(';') : [''];
  for (const name of command.split('|')) {
    for (const folder of folders) {
      for (const extension of extensions) {
        const candidate = paths.join(folder, `${name}${extension.toLowerCase()}`);
        if (isExecutable(candidate)) return candidate;
      }
    }
  }
  return undefined;
}

/** A Windows install folder with %VARIABLES% expanded, or undefined when a variable is unset. */
function expandFolder(folder, env) {
  let unset = false;
  const expanded = folder.replace(/%([^%]+)%/g, (_match, name) => {
    const value = env[name];
    if (value === undefined) unset = true;
    return value ?? '';
  });
  return unset ? undefined : expanded;
}

/**
 * Where Homebrew puts the commands it installs: /opt/homebrew/bin on Apple silicon, /usr/local/bin on Intel. A new
 * Mac's shell has the first on PATH only once the user runs brew's `shellenv` line (Homebrew's installer says so).
 */
const HOMEBREW_FOLDERS = ['/opt/homebrew/bin', '/usr/local/bin'];

/** The folders a tool's installer puts it in when PATH may not name them yet, on this platform. */
function installFolders(tool, platform, env) {
  if (platform === 'darwin') return tool.macos ? HOMEBREW_FOLDERS : [];
  if (platform !== 'win32') return [];
  return (tool.windowsFolders ?? [])
    .map((folder) => expandFolder(folder, env))
    .filter((folder) => folder !== undefined);
}

/** CHROMIUM_PATH when it names an executable file (which then stands in for an installed Chromium), else undefined. */
export function chromiumFromEnv({ env = process.env, isExecutable = executableFile } = {}) {
  const named = env.CHROMIUM_PATH;
  return named && isExecutable(named) ? named : undefined;
}

/** Flags headless Chromium needs on these machines (closed network, no GPU, running as root). */
export const HEADLESS_CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);

/**
 * The Chromium-family browser the tests drive (the journeys, the renderer's layout tests, the WebVTT check):
 * CHROMIUM_PATH when it names an executable file, else Debian's Chromium, else one on PATH. Playwright's own
 * browser download does not work on these machines. Throws, naming Chromium, what it is for and how to get it on
 * this system, when there is none.
 */
export function requireChromium(who, probes = {}) {
  const { platform = process.platform, env = process.env, isExecutable = executableFile } = probes;
  const found =
    chromiumFromEnv({ env, isExecutable }) ??
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => isExecutable(candidate)) ??
    findCommand(toolById('chromium').commands.join('|'), { platform, env, isExecutable });
  if (found) return found;
  const system = detectSystem({ platform, hasCommand: systemCommandFinder({ platform, env, isExecutable }) });
  const named = env.CHROMIUM_PATH ? ` (it names ${env.CHROMIUM_PATH}, which is not an executable file)` : '';
  throw new Error(
    `${missingToolsMessage({ who, missing: [{ tool: toolById('chromium') }], system })}\n` +
      `Or set CHROMIUM_PATH to a Chromium or Chrome binary${named}.`,
  );
}

/**
 * The listed tools this machine lacks, each with the folder it sits in when it is installed but not on PATH
 * (Windows installers that skip PATH; Homebrew's folder before its shellenv line). CHROMIUM_PATH stands in for
 * Chromium on PATH.
 */
export function findMissingTools(ids, options = {}) {
  const { platform = process.platform, env = process.env, isExecutable = executableFile } = options;
  const missing = [];
  for (const id of ids) {
    const tool = toolById(id);
    if (id === 'chromium' && chromiumFromEnv({ env, isExecutable })) continue;
    const absent = tool.commands.filter((command) => !findCommand(command, { platform, env, isExecutable }));
    if (absent.length === 0) continue;
    const foundIn = installFolders(tool, platform, env).find((folder) =>
      absent.every((command) =>
        findCommand(command, { platform, env: { ...env, PATH: folder }, isExecutable }),
      ),
    );
    missing.push(foundIn ? { tool, foundIn } : { tool });
  }
  return missing;
}

/**
 * Where a system command (apt-get, brew, winget…) is: on PATH, or in the standard system folders (Homebrew's
 * included, which a new Mac's PATH lacks until brew's shellenv line runs), so a narrowed PATH still names the right
 * way to install. Returns the full path, or undefined.
 */
export function systemCommandLocator({
  platform = process.platform,
  env = process.env,
  isExecutable = executableFile,
} = {}) {
  const standard = platform === 'win32' ? '' : `:/usr/bin:/bin:${HOMEBREW_FOLDERS.join(':')}`;
  const widened = { ...env, PATH: `${env.PATH ?? env.Path ?? ''}${standard}` };
  return (command) => findCommand(command, { platform, env: widened, isExecutable });
}

/** Whether a system command exists (systemCommandLocator's answer as a yes or no). */
export function systemCommandFinder(probes = {}) {
  const locate = systemCommandLocator(probes);
  return (command) => locate(command) !== undefined;
}

function executableFile(candidate) {
  try {
    if (!statSync(candidate).isFile()) return false;
    if (process.platform !== 'win32') accessSync(candidate, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Throws, with the message above, when this machine lacks any tool `part` (a TOOLS_NEEDED_BY key) needs. A tool
 * installed in its known folder but not on PATH (winget's installers, or a terminal opened before them; Homebrew's
 * folder before its shellenv line) is usable all the same: that folder is put on `env`'s PATH, which the children
 * started from here inherit, and the folders added are returned.
 */
export function assertToolsPresent(part, who, options = {}) {
  const { platform = process.platform, env = process.env, isExecutable = executableFile } = options;
  const found = findMissingTools(TOOLS_NEEDED_BY[part], { platform, env, isExecutable });
  const added = [...new Set(found.filter((entry) => entry.foundIn).map((entry) => entry.foundIn))];
  if (added.length > 0) {
    const key = 'PATH' in env || !('Path' in env) ? 'PATH' : 'Path';
    env[key] = [...added, env[key] ?? ''].join(platform === 'win32' ? ';' : ':');
  }
  const missing = found.filter((entry) => !entry.foundIn);
  if (missing.length === 0) return added;
  const system = detectSystem({ platform, hasCommand: systemCommandFinder({ platform, env, isExecutable }) });
  throw new Error(missingToolsMessage({ who, missing, system }));
}
