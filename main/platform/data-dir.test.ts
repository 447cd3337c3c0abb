import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultDataDir } from './data-dir.js';

describe('defaultDataDir', () => {
  const home = os.homedir();

  it('follows XDG_CONFIG_HOME on Linux when it is an absolute path', () => {
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/srv/config' })).toBe('/srv/config/Timbre Studio');
    expect(defaultDataDir('linux', {})).toBe(path.join(home, '.config', 'Timbre Studio'));
  });

  it('ignores an empty or relative XDG_CONFIG_HOME, as the XDG spec says, instead of using the working folder', () => {
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '' })).toBe(
      path.join(home, '.config', 'Timbre Studio'),
    );
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: 'config' })).toBe(
      path.join(home, '.config', 'Timbre Studio'),
    );
  });

  it('uses APPDATA on Windows and Application Support on macOS', () => {
    const roaming = String.raw`C:\Users\ada\AppData\Roaming`;
    expect(defaultDataDir('win32', { APPDATA: roaming })).toBe(
      String.raw`C:\Users\ada\AppData\Roaming\Timbre Studio`,
    );
    expect(defaultDataDir('win32', { APPDATA: '' })).toBe(
      path.win32.join(home, 'AppData', 'Roaming', 'Timbre Studio'),
    );
    expect(defaultDataDir('darwin', {})).toBe(
      path.join(home, 'Library', 'Application Support', 'Timbre Studio'),
    );
  });
});
