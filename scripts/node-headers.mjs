// keytar has no prebuilt binary for every machine: without GitHub it is built with node-gyp, which downloads the
// running Node's headers from nodejs.org. On a Debian machine that reaches only its package mirrors and the npm
// registry, that download fails and `npm install` with it. Debian's own Node ships the very same headers
// (/usr/include/node, package libnode-dev/nodejs), so the set-up copies them into node-gyp's header cache, for
// exactly that Node version, where node-gyp then finds them as if it had downloaded them.
//
// Why not `nodedir=/usr` in the project's .npmrc: it would be wrong on macOS and Windows, and for any Node that
// is not Debian's (nvm, a newer release), whose headers differ. npm 11 also refuses `npm config set nodedir`.
import { cpSync, existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findCommand } from './system-tools.mjs';

const DEBIAN_HEADERS = '/usr/include/node';
// node-gyp re-downloads a cache whose installVersion is below its own; 11 is node-gyp 10 to 12's.
const FALLBACK_INSTALL_VERSION = 11;

/** "20.20.2" from node_version.h's NODE_MAJOR/MINOR/PATCH_VERSION, or undefined. */
export function headersVersion(nodeVersionH) {
  const part = (name) => new RegExp(`#define NODE_${name}_VERSION (\\d+)`).exec(nodeVersionH)?.[1];
  const [major, minor, patch] = [part('MAJOR'), part('MINOR'), part('PATCH')];
  return major && minor && patch ? `${major}.${minor}.${patch}` : undefined;
}

/**
 * Whether to seed node-gyp's cache, or why not: only on Linux, when Debian's headers are this very Node's, no
 * nodedir is configured (the user chose), and the cache has no headers for this version yet.
 */
export function nodeHeadersDecision({
  platform,
  nodeVersion,
  debianHeadersVersion,
  nodedirConfigured,
  cached,
}) {
  if (platform !== 'linux') return { seed: false, why: 'not Linux' };
  if (debianHeadersVersion === undefined) return { seed: false, why: `no ${DEBIAN_HEADERS}` };
  if (debianHeadersVersion !== nodeVersion) {
    return {
      seed: false,
      why: `${DEBIAN_HEADERS} is Node ${debianHeadersVersion}'s, this is Node ${nodeVersion}`,
    };
  }
  if (nodedirConfigured) return { seed: false, why: 'nodedir is configured' };
  if (cached) return { seed: false, why: 'node-gyp already has these headers' };
  return { seed: true };
}

/** node-gyp's header cache folder, as node-gyp computes it (env-paths' cache folder on Linux). */
export function nodeGypDevDir(env = process.env, home = os.homedir()) {
  if (env.npm_config_devdir) return env.npm_config_devdir;
  const cache =
    env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME)
      ? env.XDG_CACHE_HOME
      : path.join(home, '.cache');
  return path.join(cache, 'node-gyp');
}

function nodedirConfigured(env, home) {
  if (env.npm_config_nodedir) return true;
  const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
  return [path.join(home, '.npmrc'), path.join(root, '.npmrc')].some((file) => {
    try {
      return /^\s*nodedir\s*=/m.test(readFileSync(file, 'utf8'));
    } catch {
      return false;
    }
  });
}

/** The installVersion of the node-gyp bundled with the npm on PATH. */
function npmNodeGypInstallVersion(env) {
  try {
    const npm = findCommand('npm', { env });
    if (!npm) return FALLBACK_INSTALL_VERSION;
    const npmRoot = path.dirname(path.dirname(realpathSync(npm)));
    const manifest = JSON.parse(
      readFileSync(path.join(npmRoot, 'node_modules', 'node-gyp', 'package.json'), 'utf8'),
    );
    return Number.isInteger(manifest.installVersion) ? manifest.installVersion : FALLBACK_INSTALL_VERSION;
  } catch {
    return FALLBACK_INSTALL_VERSION;
  }
}

/**
 * Seeds node-gyp's cache when nodeHeadersDecision says so; returns what it did (or would do), or undefined
 * when there is nothing to do.
 */
export function seedNodeHeaders({ dryRun = false, env = process.env, home = os.homedir() } = {}) {
  const versionFile = path.join(DEBIAN_HEADERS, 'node_version.h');
  const nodeVersion = process.versions.node;
  const target = path.join(nodeGypDevDir(env, home), nodeVersion);
  const decision = nodeHeadersDecision({
    platform: process.platform,
    nodeVersion,
    debianHeadersVersion: existsSync(versionFile)
      ? headersVersion(readFileSync(versionFile, 'utf8'))
      : undefined,
    nodedirConfigured: nodedirConfigured(env, home),
    cached:
      existsSync(path.join(target, 'installVersion')) &&
      existsSync(path.join(target, 'include', 'node', 'common.gypi')),
  });
  if (!decision.seed) return undefined;
  const what = `Node ${nodeVersion}'s headers from ${DEBIAN_HEADERS} into node-gyp's cache (${target}), so npm install can build keytar without reaching nodejs.org`;
  if (dryRun) return `It would copy ${what}.`;
  cpSync(DEBIAN_HEADERS, path.join(target, 'include', 'node'), { recursive: true, dereference: true });
  writeFileSync(path.join(target, 'installVersion'), `${npmNodeGypInstallVersion(env)}\n`);
  return `Copied ${what}.`;
}
