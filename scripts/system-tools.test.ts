import { describe, expect, it } from 'vitest';
import { assertToolsPresent } from './system-tools.mjs';

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
