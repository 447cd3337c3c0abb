import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { headersVersion, nodeGypDevDir, nodeHeadersDecision, seedNodeHeaders } from './node-headers.mjs';

const debianNode = { platform: 'linux', nodeVersion: '20.20.2', debianHeadersVersion: '20.20.2' } as const;

describe("Debian's Node headers for keytar's build", () => {
  const homes: string[] = [];
  afterEach(() => {
    for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  });

  it('reads the version from node_version.h', () => {
    const header =
      '#define NODE_MAJOR_VERSION 20\n#define NODE_MINOR_VERSION 20\n#define NODE_PATCH_VERSION 2\n';
    expect(headersVersion(header)).toBe('20.20.2');
    expect(headersVersion('#define NODE_MAJOR_VERSION 20\n')).toBeUndefined();
  });

  it("seeds node-gyp's cache only for Debian's own Node, unconfigured and not cached yet", () => {
    expect(nodeHeadersDecision({ ...debianNode, nodedirConfigured: false, cached: false })).toEqual({
      seed: true,
    });
    expect(
      nodeHeadersDecision({ ...debianNode, nodeVersion: '22.12.0', nodedirConfigured: false, cached: false }),
    ).toEqual({
      seed: false,
      why: "/usr/include/node is Node 20.20.2's, this is Node 22.12.0",
    });
    expect(
      nodeHeadersDecision({ ...debianNode, platform: 'darwin', nodedirConfigured: false, cached: false }),
    ).toMatchObject({ seed: false });
    expect(
      nodeHeadersDecision({
        ...debianNode,
        debianHeadersVersion: undefined,
        nodedirConfigured: false,
        cached: false,
      }),
    ).toMatchObject({ seed: false });
    expect(nodeHeadersDecision({ ...debianNode, nodedirConfigured: true, cached: false })).toMatchObject({
      seed: false,
    });
    expect(nodeHeadersDecision({ ...debianNode, nodedirConfigured: false, cached: true })).toMatchObject({
      seed: false,
    });
  });

  it('finds the cache where node-gyp looks: npm_config_devdir, else XDG_CACHE_HOME, else ~/.cache', () => {
    expect(nodeGypDevDir({ npm_config_devdir: '/d' }, '/home/ada')).toBe('/d');
    expect(nodeGypDevDir({ XDG_CACHE_HOME: '/c' }, '/home/ada')).toBe(path.join('/c', 'node-gyp'));
    expect(nodeGypDevDir({ XDG_CACHE_HOME: 'relative' }, '/home/ada')).toBe(
      path.join('/home/ada', '.cache', 'node-gyp'),
    );
  });

  it('on a fresh home, copies the headers once (when this machine has matching ones), then does nothing', () => {
    const home = mkdtempSync(path.join(tmpdir(), 'timbre-fresh-home-'));
    homes.push(home);
    const env = { PATH: process.env.PATH ?? '' };
    const versionFile = '/usr/include/node/node_version.h';
    const matching =
      process.platform === 'linux' &&
      existsSync(versionFile) &&
      headersVersion(readFileSync(versionFile, 'utf8')) === process.versions.node;
    const target = path.join(home, '.cache', 'node-gyp', process.versions.node);

    expect(seedNodeHeaders({ dryRun: true, env, home }) !== undefined).toBe(matching);
    expect(existsSync(target)).toBe(false);
    const done = seedNodeHeaders({ env, home });
    expect(done !== undefined).toBe(matching);
    if (matching) {
      expect(readFileSync(path.join(target, 'include', 'node', 'node_version.h'), 'utf8')).toBe(
        readFileSync(versionFile, 'utf8'),
      );
      expect(Number(readFileSync(path.join(target, 'installVersion'), 'utf8'))).toBeGreaterThanOrEqual(9);
    }
    expect(seedNodeHeaders({ env, home })).toBeUndefined();
  });
});
