// Installs the system tools Timbre Studio's development needs, on Debian/Ubuntu (apt), macOS (Homebrew) or
// Windows (winget); anywhere else it stops, listing what to install by hand. Plain Node, so it runs the same from
// bash, zsh or PowerShell, before `npm install`:
//
//   node scripts/install-system-deps.mjs            # says what it installs and with which rights, then does it
//   node scripts/install-system-deps.mjs --dry-run  # prints that plan only
//
// Idempotent and quiet: nothing is printed or run when nothing is missing. Every failed command is named with its
// exit code, and the script exits non-zero. The tools, what each is for and their packages: system-tools.mjs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { alreadyInstalledNote, commandFailure, commandText, formatPlan, planSetup } from './setup-plan.mjs';
import {
  detectSystem,
  findMissingTools,
  missingToolsMessage,
  systemCommandLocator,
} from './system-tools.mjs';
import { seedNodeHeaders } from './node-headers.mjs';

const USAGE = 'usage: node scripts/install-system-deps.mjs [--dry-run]';

/** Whether a Debian package is installed, as dpkg records it. */
function debianPackageInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function readOsRelease() {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return '';
  }
}

function probeThisMachine() {
  const locateCommand = systemCommandLocator();
  const hasCommand = (command) => locateCommand(command) !== undefined;
  return {
    system: detectSystem({ platform: process.platform, hasCommand, osRelease: readOsRelease() }),
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasCommand,
    locateCommand,
    packageInstalled: debianPackageInstalled,
    platform: process.platform,
    env: process.env,
  };
}

/** Runs one command in the foreground; a failure is named with its exit code, and ends the script. */
function runOrExit(argv) {
  console.log(`$ ${commandText(argv)}`);
  // winget is an App Execution Alias that Node starts directly; no shell is needed anywhere.
  const result = spawnSync(argv[0], argv.slice(1), { stdio: 'inherit' });
  const already = alreadyInstalledNote(argv, result);
  if (already) {
    console.log(already);
    return;
  }
  const failure = commandFailure(argv, result);
  if (failure) {
    console.error(failure);
    process.exit(result.status || 1);
  }
}

function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== '--dry-run');
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(' ')}\n${USAGE}`);
    process.exit(64);
  }
  const dryRun = args.includes('--dry-run');
  const probes = probeThisMachine();
  const plan = planSetup(probes);

  if (plan.kind === 'ready') {
    // Said on a real run too: the quick start runs this first, and silence read as "did it do anything?".
    console.log(`✓ Nothing to install on ${probes.system.name}: every tool is here.`);
  } else if (plan.kind === 'stop') {
    console.error(plan.message);
    process.exit(1);
  } else if (plan.kind === 'note') {
    console.log(plan.message);
  } else {
    console.log(formatPlan(plan, { dryRun }));
    if (!dryRun) {
      for (const command of plan.commands) runOrExit(command);
      // An installer that succeeded without giving the tool must not pass for a working set-up. A tool in its
      // known Windows folder counts (npm start and the tests use it there; PATH changes reach new terminals only).
      const stillMissing = findMissingTools(
        plan.tools.filter((tool) => tool.commands.length > 0).map((tool) => tool.id),
        probes,
      ).filter((entry) => !entry.foundIn);
      if (stillMissing.length > 0) {
        console.error(
          missingToolsMessage({
            who: 'After installing, Timbre Studio',
            missing: stillMissing,
            system: probes.system,
          }),
        );
        process.exit(1);
      }
      console.log('✓ System tools installed.');
      for (const line of plan.after) console.log(line);
    }
  }
  try {
    const headers = seedNodeHeaders({ dryRun });
    if (headers) console.log(headers);
  } catch (error) {
    console.error(`✗ Could not copy Debian's Node headers into node-gyp's cache: ${error.message}`);
    process.exit(1);
  }
}

main();
