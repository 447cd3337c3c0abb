// What the set-up script will do on this system, decided from probes it is given (so tests can say "a Mac with
// ffmpeg but no Homebrew" without one): the tools to install, the commands, who needs administrator rights, and
// the message when it cannot install anything itself. install-system-deps.mjs runs the plan.
import path from 'node:path';
import {
  SYSTEM_TOOLS,
  chromiumFromEnv,
  describeTool,
  findCommand,
  findMissingTools,
  homebrewShellenv,
  installCommandText,
  missingToolsMessage,
  packagesFor,
} from './system-tools.mjs';

const APT_ENV = ['env', 'DEBIAN_FRONTEND=noninteractive'];
const SETUP_SCRIPT = 'node scripts/install-system-deps.mjs';

/**
 * The plan, one of:
 * - { kind: 'ready' }: nothing is missing; the script prints nothing;
 * - { kind: 'install', system, tools, packages, admin, commands, notes, after }: run `commands` in order, then
 *   print `after` (what the user must do for their own terminal to find the tools);
 * - { kind: 'stop', message }: nothing can be installed here; print `message` and exit 1;
 * - { kind: 'note', message }: nothing to install, but something to know (what it cannot check; a tool that is
 *   installed but not on PATH).
 *
 * probes: { system, isRoot, hasCommand(name), locateCommand(name) (its full path), packageInstalled(debianPackage),
 * platform, env, isExecutable }.
 */
export function planSetup(probes) {
  const { system } = probes;
  if (system.kind === 'debian') return planDebian(probes);
  if (system.kind === 'macos') return planWithManager(probes, 'brew', 'Homebrew', 'https://brew.sh');
  if (system.kind === 'windows') {
    return planWithManager(probes, 'winget', 'winget (App Installer)', 'https://aka.ms/getwinget');
  }
  return planUnknown(probes);
}

function planDebian(probes) {
  const { system, isRoot, hasCommand, packageInstalled } = probes;
  // A browser named by CHROMIUM_PATH is what the tests drive (CI's Google Chrome): Debian's chromium is not needed,
  // and on Ubuntu that package is only a wrapper around the snap, which does not run in CI.
  const browser = chromiumFromEnv(probes);
  const tools = [];
  const packages = [];
  for (const tool of SYSTEM_TOOLS) {
    if (tool.id === 'chromium' && browser) continue;
    const missing = tool.debian.filter((name) => !packageInstalled(name));
    if (missing.length === 0) continue;
    tools.push(tool);
    packages.push(...missing);
  }
  if (packages.length === 0) return { kind: 'ready' };
  if (!isRoot && !hasCommand('sudo')) {
    return {
      kind: 'stop',
      message: [
        `Timbre Studio needs these Debian packages: ${packages.join(' ')}`,
        ...tools.map((tool) => `  - ${describeTool(tool)}`),
        'Installing them needs administrator rights, and sudo is not installed: run this script as root, or ' +
          `install them as root with: apt-get install ${packages.join(' ')}`,
      ].join('\n'),
    };
  }
  const elevate = isRoot ? [] : ['sudo'];
  return {
    kind: 'install',
    system,
    tools,
    packages,
    admin: isRoot
      ? 'Administrator rights: running as root, so apt-get runs directly.'
      : 'Administrator rights: apt-get needs them, so it runs through sudo, which may ask for your password.',
    commands: [
      [...elevate, ...APT_ENV, 'apt-get', 'update', '-qq'],
      [...elevate, ...APT_ENV, 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
    ],
    notes: browser
      ? [`Not installed: chromium; CHROMIUM_PATH names ${browser}, which the tests drive instead.`]
      : [],
    after: [],
  };
}

const ADMIN = {
  brew: 'Administrator rights: none; Homebrew installs into its own folder as you.',
  winget:
    'Administrator rights: winget may show a Windows (UAC) prompt: eSpeak NG and SoX install for all users; ' +
    'FFmpeg installs for your user only.',
};

function planWithManager(probes, manager, managerName, managerUrl) {
  const { system, locateCommand } = probes;
  const needed = SYSTEM_TOOLS.filter((tool) => packagesFor(tool, system.kind));
  const missing = findMissingTools(
    needed.map((tool) => tool.id),
    probes,
  );
  const notes = [
    `Not needed on ${system.name.replace(/ \(.*/, '')}:`,
    ...SYSTEM_TOOLS.filter((tool) => !packagesFor(tool, system.kind)).map(
      (tool) => `  - ${tool.id}: ${tool.elsewhere}.`,
    ),
  ];
  const onPathOnly = missing.filter((entry) => entry.foundIn);
  const toInstall = missing.filter((entry) => !entry.foundIn).map((entry) => entry.tool);
  if (missing.length === 0) return { kind: 'ready' };
  if (toInstall.length === 0) {
    // npm start and the tests find them there (system-tools.mjs's assertToolsPresent); the user's own
    // terminal does not until the folder is on PATH.
    return {
      kind: 'note',
      message: missingToolsMessage({ who: 'Your terminal', missing: onPathOnly, system }),
    };
  }
  // The full path: a new Mac has brew in /opt/homebrew/bin before its shell's PATH names that folder.
  const managerPath = locateCommand(manager);
  if (!managerPath) {
    return {
      kind: 'stop',
      message: [
        `${managerName} is not installed, and this set-up installs through it on ${system.name.replace(/ \(.*/, '')}.`,
        `Install it (${managerUrl}) and run ${SETUP_SCRIPT} again, or install these by hand:`,
        ...missing.map(({ tool }) => `  - ${describeTool(tool)}\n    ${tool.manual}`),
      ].join('\n'),
    };
  }
  const packages = toInstall.flatMap((tool) => packagesFor(tool, system.kind));
  const commands =
    manager === 'brew'
      ? [[managerPath, 'install', ...packages]]
      : packages.map((id) => [
          'winget',
          'install',
          '--id',
          id,
          '--exact',
          '--source',
          'winget',
          // Never stop to ask: a prompt would hang CI and leave a set-up that looks stuck.
          '--disable-interactivity',
          '--accept-package-agreements',
          '--accept-source-agreements',
        ]);
  const after = [];
  if (manager === 'winget') after.push('Open a new terminal, so that PATH includes the new tools.');
  if (manager === 'brew' && !findCommand('brew', probes)) {
    after.push(
      `Homebrew is in ${path.posix.dirname(managerPath)}, which your terminal's PATH does not name yet: run ` +
        `${homebrewShellenv(path.posix.dirname(managerPath))} (and add that line to ~/.zprofile, as Homebrew's ` +
        'installer says), so that brew and the tools it installs are found. npm start and the tests find them there already.',
    );
  }
  if (onPathOnly.length > 0) {
    notes.push(
      missingToolsMessage({ who: 'Also', missing: onPathOnly, system }).split('\n').slice(1, -1).join('\n'),
    );
  }
  return {
    kind: 'install',
    system,
    tools: toInstall,
    packages,
    admin: ADMIN[manager],
    commands,
    notes,
    after,
  };
}

function planUnknown(probes) {
  const { system } = probes;
  const checkable = SYSTEM_TOOLS.filter((tool) => tool.commands.length > 0);
  const missing = findMissingTools(
    checkable.map((tool) => tool.id),
    probes,
  ).map((entry) => entry.tool);
  const unchecked = SYSTEM_TOOLS.filter((tool) => tool.commands.length === 0);
  const uncheckedLines = unchecked.map(
    (tool) => `  - ${describeTool(tool)} (Debian: ${tool.debian.join(' ')})`,
  );
  const intro =
    `Timbre Studio's set-up installs on Debian/Ubuntu (apt), macOS (Homebrew) and Windows (winget); ` +
    `this system is ${system.name}.`;
  if (missing.length === 0) {
    return {
      kind: 'note',
      message: [
        `${intro} The tools it can check are all here; make sure these are installed too:`,
        ...uncheckedLines,
      ].join('\n'),
    };
  }
  return {
    kind: 'stop',
    message: [
      intro,
      'Install these by hand with your package manager, then run npm install:',
      ...missing.map((tool) => `  - ${describeTool(tool)}\n    ${tool.manual}`),
      'and these, which this script cannot check here:',
      ...uncheckedLines,
    ].join('\n'),
  };
}

/** The plan as printed before anything runs: what, why, with which rights, and the exact commands. */
export function formatPlan(plan, { dryRun = false } = {}) {
  if (plan.kind !== 'install') return plan.kind === 'ready' ? '' : plan.message;
  const lines = [`Timbre Studio set-up on ${plan.system.name} will install:`];
  for (const tool of plan.tools) lines.push(`  - ${describeTool(tool)}`);
  lines.push(plan.admin);
  lines.push(dryRun ? 'It would run (dry run: nothing is run):' : 'Running:');
  for (const command of plan.commands) lines.push(`  ${commandText(command)}`);
  if (plan.system.kind !== 'debian') {
    lines.push(`The same by hand: ${installCommandText(plan.system.kind, plan.packages)}`);
  }
  lines.push(...plan.notes);
  if (plan.after.length > 0) lines.push('Afterwards:', ...plan.after.map((line) => `  ${line}`));
  return lines.join('\n');
}

/** A command as it would be typed, quoting what needs it. */
export function commandText(argv) {
  return argv
    .map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : `'${part.replace(/'/g, `'\\''`)}'`))
    .join(' ');
}

/** Why a command of the plan failed, naming it, or undefined when it succeeded (a spawnSync result). */
export function commandFailure(argv, { error, status, signal }) {
  if (error) return `✗ Could not start \`${commandText(argv)}\`: ${error.message}`;
  if (status === 0) return undefined;
  const how = status === null ? `was stopped by ${signal}` : `failed with exit code ${status}`;
  return `✗ \`${commandText(argv)}\` ${how}.`;
}

/**
 * winget's exit codes (HRESULTs; Node may give them signed or unsigned) that mean the package is already there:
 * nothing to do, which the check after installing confirms by finding the tool's commands.
 */
const WINGET_ALREADY_INSTALLED = new Map([
  [0x8a150061, 'APPINSTALLER_CLI_ERROR_PACKAGE_ALREADY_INSTALLED'],
  [0x8a15002b, 'APPINSTALLER_CLI_ERROR_UPDATE_NOT_APPLICABLE: installed, and no newer version'],
  [0x8a15010d, 'APPINSTALLER_CLI_ERROR_INSTALL_ALREADY_INSTALLED'],
]);

/** The note for a winget install that found its package already installed, or undefined for any other result. */
export function alreadyInstalledNote(argv, { status }) {
  if (argv[0] !== 'winget' || argv[1] !== 'install' || status === null) return undefined;
  const code = status >>> 0;
  const meaning = WINGET_ALREADY_INSTALLED.get(code);
  if (!meaning) return undefined;
  const id = argv[argv.indexOf('--id') + 1] ?? 'the package';
  return `✓ ${id} is already installed (winget exit code 0x${code.toString(16).toUpperCase()}, ${meaning}).`;
}
