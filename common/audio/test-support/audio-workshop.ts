/**
 * Test support: makes real audio with espeak-ng and sox in a temporary folder and decodes it with ffmpeg, so
 * the detector is judged on real speech, noise and tones rather than on signals shaped to pass.
 *
 * common/ is also compiled for the renderer, which has no Node types, so the Node modules are loaded through a
 * computed specifier and described by the small interfaces below. Only tests (run under Node) import this file.
 */

interface ChildProcessModule {
  execFileSync(
    file: string,
    args: readonly string[],
    options?: { maxBuffer?: number; stdio?: ['ignore' | 'pipe', 'pipe', 'pipe'] },
  ): Uint8Array;
  spawnSync(file: string, args: readonly string[]): { status: number | null; stderr: Uint8Array };
}
interface FsModule {
  mkdtempSync(prefix: string): string;
  rmSync(path: string, options: { recursive: boolean; force: boolean }): void;
  writeFileSync(path: string, data: Uint8Array): void;
}
interface OsModule {
  tmpdir(): string;
}
interface PathModule {
  join(...parts: string[]): string;
}

export interface SpeakOptions {
  /** espeak-ng voice, e.g. `en-us`, `en-gb+f3`, `de`. */
  voice?: string;
  /** Words per minute. */
  wordsPerMinute?: number;
  /** 0–99. */
  pitch?: number;
}

export interface SoxStats {
  rmsDb: number;
  peakDb: number;
}

export interface AudioWorkshop {
  readonly folder: string;
  path(name: string): string;
  /** Writes speech to `name` (a WAV at espeak-ng's 22050 Hz) and returns its path. */
  speak(name: string, text: string, options?: SpeakOptions): string;
  /**
   * Runs sox with these arguments (file names are resolved in the folder when they have no slash). Noise is
   * repeatable (`-R`), so a test sees the same noise on every run.
   */
  sox(...args: string[]): void;
  /** Decodes any file to mono float samples with ffmpeg; `sampleRate` resamples, else the file's own rate. */
  decode(name: string, sampleRate?: number): Float32Array;
  /** The file's RMS and peak level according to `sox stats`. */
  soxStats(name: string): SoxStats;
  /** ffprobe's view of the first audio stream. */
  probe(name: string): { codec: string; sampleRate: number; channels: number };
  write(name: string, bytes: Uint8Array): string;
  dispose(): void;
}

const load = async <T>(specifier: string): Promise<T> => (await import(/* @vite-ignore */ specifier)) as T;

export async function openAudioWorkshop(): Promise<AudioWorkshop> {
  const nodePrefix = 'node:';
  const childProcess = await load<ChildProcessModule>(`${nodePrefix}child_process`);
  const fs = await load<FsModule>(`${nodePrefix}fs`);
  const os = await load<OsModule>(`${nodePrefix}os`);
  const path = await load<PathModule>(`${nodePrefix}path`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'timbre-audio-'));
  const resolve = (name: string): string => (name.includes('/') ? name : path.join(folder, name));
  const run = (tool: string, args: readonly string[]): Uint8Array => {
    try {
      return childProcess.execFileSync(tool, args, { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${tool} failed (${detail}). The audio tests need espeak-ng, sox and ffmpeg: run node scripts/install-system-deps.mjs.`,
        { cause: error },
      );
    }
  };
  const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

  return {
    folder,
    path: resolve,
    speak(name, words, { voice = 'en-us', wordsPerMinute = 160, pitch = 50 } = {}) {
      const file = resolve(name);
      run('espeak-ng', ['-v', voice, '-s', String(wordsPerMinute), '-p', String(pitch), '-w', file, words]);
      return file;
    },
    sox(...args) {
      const resolved = args.map((arg) => (/\.(wav|flac)$/.test(arg) ? resolve(arg) : arg));
      run('sox', ['-V1', '-R', ...resolved]);
    },
    decode(name, sampleRate) {
      const rate = sampleRate === undefined ? [] : ['-ar', String(sampleRate)];
      const bytes = run('ffmpeg', [
        '-v',
        'error',
        '-i',
        resolve(name),
        '-f',
        'f32le',
        '-ac',
        '1',
        ...rate,
        '-',
      ]);
      // Copy into an aligned buffer: a Node Buffer may start at any offset of a shared pool.
      const aligned = new Uint8Array(bytes.byteLength);
      aligned.set(bytes);
      return new Float32Array(aligned.buffer);
    },
    soxStats(name) {
      // `sox stats` reports on stderr; `-n` discards the audio.
      const result = childProcess.spawnSync('sox', [resolve(name), '-n', 'stats']);
      const report = text(result.stderr);
      if (result.status !== 0) throw new Error(`sox stats failed on ${name}:\n${report}`);
      const read = (label: string): number => {
        const match = report.match(new RegExp(`^${label}\\s+(-?[\\d.]+|-inf)`, 'm'));
        if (!match?.[1]) throw new Error(`sox stats gave no "${label}" for ${name}:\n${report}`);
        return match[1] === '-inf' ? -Infinity : Number(match[1]);
      };
      return { rmsDb: read('RMS lev dB'), peakDb: read('Pk lev dB') };
    },
    probe(name) {
      const json = text(
        run('ffprobe', [
          '-v',
          'error',
          '-select_streams',
          'a:0',
          '-show_streams',
          '-of',
          'json',
          resolve(name),
        ]),
      );
      const stream = (
        JSON.parse(json) as { streams: { codec_name: string; sample_rate: string; channels: number }[] }
      ).streams[0];
      if (!stream) throw new Error(`ffprobe found no audio stream in ${name}.`);
      return { codec: stream.codec_name, sampleRate: Number(stream.sample_rate), channels: stream.channels };
    },
    write(name, bytes) {
      const file = resolve(name);
      fs.writeFileSync(file, bytes);
      return file;
    },
    dispose() {
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Seconds in 20 ms frames louder than `thresholdDb`: in espeak-ng's output, pauses are digital silence. */
export function activeSeconds(samples: Float32Array, sampleRate: number, thresholdDb = -45): number {
  return activeFrames(samples, sampleRate, thresholdDb).length * 0.02;
}

/** Indexes of the 20 ms frames louder than `thresholdDb`. */
export function activeFrames(samples: Float32Array, sampleRate: number, thresholdDb = -45): number[] {
  const frame = Math.round(sampleRate * 0.02);
  const threshold = 10 ** (thresholdDb / 10);
  const active: number[] = [];
  for (let start = 0, index = 0; start + frame <= samples.length; start += frame, index += 1) {
    let sum = 0;
    for (let i = start; i < start + frame; i += 1) sum += samples[i]! * samples[i]!;
    if (sum / frame > threshold) active.push(index);
  }
  return active;
}
