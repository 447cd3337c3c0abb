import { describe, expect, it } from 'vitest';
import { assertToolsPresent, requireChromium } from './system-tools.mjs';

/** A machine whose only executables are `files`, and whose system commands are `commands` in /usr/bin. */
const nothingInstalled = (platform: NodeJS.Platform, commands: string[] = []) => ({
  platform,
  env: { PATH: '/nowhere' },
  isExecutable: (file: string) => commands.some((command) => file === `/usr/bin/${command}`),
});

describe('the message for a missing tool', () => {
  it('gives the apt line on Debian, for the part that needs it', () => {
    expect(() =>
      assertToolsPresent(
        'e2e',
        'The end-to-end journeys',
        nothingInstalled('linux', ['apt-get', 'dpkg-query']),
      ),
    ).toThrow(
      /The end-to-end journeys needs a tool that this machine lacks:\n {2}- chromium \(chromium or chromium-browser\): the end-to-end journeys[^\n]*\nInstall on Debian\/Ubuntu \(apt\) with: sudo apt-get install chromium\n/,
    );
  });

  it('gives the Homebrew line on macOS, and says Chromium is set by CHROMIUM_PATH there', () => {
    expect(() => assertToolsPresent('standin', 'The stand-in service', nothingInstalled('darwin'))).toThrow(
      'Install on macOS (Homebrew) with: brew install espeak-ng ffmpeg',
    );
    expect(() => assertToolsPresent('e2e', 'The end-to-end journeys', nothingInstalled('darwin'))).toThrow(
      'By hand on macOS (Homebrew):\n  - chromium: the end-to-end journeys run on Linux (CI); to run them here, set CHROMIUM_PATH',
    );
  });

  it('gives the winget lines on Windows, and to open a new terminal', () => {
    expect(() => assertToolsPresent('tests', 'Running the tests', nothingInstalled('win32'))).toThrow(
      'winget install --id eSpeak-NG.eSpeak-NG --exact --source winget; winget install --id Gyan.FFmpeg --exact --source winget; winget install --id ChrisBagwell.SoX --exact --source winget\nthen open a new terminal',
    );
  });

  it('points to where to get each tool on a system it does not know', () => {
    expect(() => assertToolsPresent('standin', 'The stand-in service', nothingInstalled('freebsd'))).toThrow(
      'By hand on freebsd:\n  - espeak-ng: https://github.com/espeak-ng/espeak-ng/releases\n  - ffmpeg: https://ffmpeg.org/download.html',
    );
  });

  it('is silent when the tools are there', () => {
    const present = ['espeak-ng', 'ffmpeg', 'ffprobe', 'sox'].map((name) => `/opt/bin/${name}`);
    const probes = {
      platform: 'darwin' as const,
      env: { PATH: '/opt/bin' },
      isExecutable: (file: string) => present.includes(file),
    };
    expect(() => assertToolsPresent('tests', 'Running the tests', probes)).not.toThrow();
  });
});

describe('a tool installed on Windows but not on PATH yet', () => {
  it('is used from its folder: the folder goes on PATH for what starts next, and nothing is reported missing', () => {
    const links = 'C:\\Users\\ada\\AppData\\Local\\Microsoft\\WinGet\\Links';
    const present = [
      `${links}\\ffmpeg.exe`,
      `${links}\\ffprobe.exe`,
      'C:\\Program Files\\eSpeak NG\\espeak-ng.exe',
    ];
    const env: NodeJS.ProcessEnv = {
      Path: 'C:\\Windows',
      PATHEXT: '.EXE',
      LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local',
      ProgramFiles: 'C:\\Program Files',
    };
    const added = assertToolsPresent('standin', 'The stand-in service', {
      platform: 'win32',
      env,
      isExecutable: (file) => present.includes(file),
    });
    expect(added).toEqual(['C:\\Program Files\\eSpeak NG', links]);
    expect(env.Path).toBe(`C:\\Program Files\\eSpeak NG;${links};C:\\Windows`);
  });
});

describe('a tool Homebrew installed on a new Mac, whose PATH lacks /opt/homebrew/bin until brew shellenv runs', () => {
  it('is used from Homebrew’s folder: the folder goes on PATH (with “:”) for what starts next', () => {
    const present = ['espeak-ng', 'ffmpeg', 'ffprobe'].map((name) => `/opt/homebrew/bin/${name}`);
    const env: NodeJS.ProcessEnv = { PATH: '/usr/bin:/bin' };
    const added = assertToolsPresent('standin', 'The stand-in service', {
      platform: 'darwin',
      env,
      isExecutable: (file) => present.includes(file),
    });
    expect(added).toEqual(['/opt/homebrew/bin']);
    expect(env.PATH).toBe('/opt/homebrew/bin:/usr/bin:/bin');
  });
});

describe('the browser the tests drive', () => {
  const files = ['/usr/bin/chromium', '/usr/bin/google-chrome'];
  const isExecutable = (file: string) => files.includes(file);

  it('is CHROMIUM_PATH when it names an executable file, else Debian’s Chromium', () => {
    const chrome = { CHROMIUM_PATH: '/usr/bin/google-chrome', PATH: '/nowhere' };
    expect(requireChromium('Tests', { platform: 'linux', env: chrome, isExecutable })).toBe(
      '/usr/bin/google-chrome',
    );
    const gone = { CHROMIUM_PATH: '/opt/none/chrome', PATH: '/nowhere' };
    expect(requireChromium('Tests', { platform: 'linux', env: gone, isExecutable })).toBe(
      '/usr/bin/chromium',
    );
  });

  it('is one on PATH, or none: then it says how to get one, and why CHROMIUM_PATH did not do', () => {
    const onPath = (file: string) => file === '/opt/bin/chromium-browser';
    expect(
      requireChromium('Tests', { platform: 'darwin', env: { PATH: '/opt/bin' }, isExecutable: onPath }),
    ).toBe('/opt/bin/chromium-browser');
    const env = { PATH: '/opt/bin', CHROMIUM_PATH: '/Applications/Chrome' };
    expect(() =>
      requireChromium('The layout tests', { platform: 'darwin', env, isExecutable: () => false }),
    ).toThrow(
      /^The layout tests needs a tool that this machine lacks:\n {2}- chromium [^]*\nOr set CHROMIUM_PATH to a Chromium or Chrome binary \(it names \/Applications\/Chrome, which is not an executable file\)\.$/u,
    );
  });
});
