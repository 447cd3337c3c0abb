import os from 'node:os';
import path from 'node:path';

/**
 * The same folder Electron's app.getPath('userData') gives for "Timbre Studio", so both shells share one
 * library of settings, projects and jobs.
 */
export function defaultDataDir(platform: NodeJS.Platform = process.platform, env = process.env): string {
  const home = os.homedir();
  switch (platform) {
    case 'darwin':
      return path.posix.join(home, 'Library', 'Application Support', 'Timbre Studio');
    case 'win32': {
      const roaming = absoluteOr(path.win32, env.APPDATA, path.win32.join(home, 'AppData', 'Roaming'));
      return path.win32.join(roaming, 'Timbre Studio');
    }
    default: {
      const config = absoluteOr(path.posix, env.XDG_CONFIG_HOME, path.posix.join(home, '.config'));
      return path.posix.join(config, 'Timbre Studio');
    }
  }
}

/**
 * A folder variable's value when it is an absolute path, else the fallback. The XDG base directory spec says an
 * empty or relative XDG_CONFIG_HOME is to be ignored: taken as it was (`XDG_CONFIG_HOME= npm start`), the
 * library landed in a "Timbre Studio" folder inside whatever folder the app was started from.
 */
function absoluteOr(paths: path.PlatformPath, value: string | undefined, fallback: string): string {
  return value !== undefined && paths.isAbsolute(value) ? value : fallback;
}
