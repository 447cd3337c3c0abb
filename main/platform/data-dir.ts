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
      return path.join(home, 'Library', 'Application Support', 'Timbre Studio');
    case 'win32':
      return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Timbre Studio');
    default:
      return path.join(env.XDG_CONFIG_HOME ?? path.join(home, '.config'), 'Timbre Studio');
  }
}
