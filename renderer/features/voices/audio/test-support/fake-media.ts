/**
 * Test support: just enough of getUserMedia, MediaRecorder, AudioContext and OfflineAudioContext for happy-dom,
 * which has none of them, with a record of what was opened and whether it was released.
 */
import { vi } from 'vitest';

export interface FakeMediaLog {
  getUserMedia: MediaStreamConstraints[];
  tracksStopped: number;
  contextsOpened: number;
  contextsClosed: number;
  recordersStarted: number;
}

export interface FakeMediaOptions {
  /** What enumerateDevices lists (default: one microphone). */
  devices?: { deviceId: string; kind: MediaDeviceKind; label: string }[];
  /** Makes getUserMedia reject with a DOMException of this name. */
  failWith?: string;
  /** The microphone signal: amplitude of a 220 Hz sine (default 0.1). */
  amplitude?: number;
}

export function installFakeMedia(options: FakeMediaOptions = {}): FakeMediaLog {
  const log: FakeMediaLog = {
    getUserMedia: [],
    tracksStopped: 0,
    contextsOpened: 0,
    contextsClosed: 0,
    recordersStarted: 0,
  };
  const devices = options.devices ?? [{ deviceId: 'mic-1', kind: 'audioinput', label: 'Desk microphone' }];
  const amplitude = options.amplitude ?? 0.1;

  const mediaDevices = {
    getUserMedia: vi.fn(async (constraints: MediaStreamConstraints) => {
      log.getUserMedia.push(constraints);
      if (options.failWith) throw new DOMException('refused', options.failWith);
      const track = { stop: () => (log.tracksStopped += 1), kind: 'audio' };
      return { getTracks: () => [track], getAudioTracks: () => [track] } as unknown as MediaStream;
    }),
    enumerateDevices: vi.fn(async () => devices.map((device) => ({ ...device, groupId: 'g' }))),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices }));

  class FakeMediaRecorder extends EventTarget {
    static isTypeSupported = (type: string): boolean => type.startsWith('audio/webm');
    state: RecordingState = 'inactive';
    readonly mimeType: string;
    constructor(_stream: MediaStream, recorderOptions: MediaRecorderOptions = {}) {
      super();
      this.mimeType = recorderOptions.mimeType ?? 'audio/webm';
    }
    start(): void {
      this.state = 'recording';
      log.recordersStarted += 1;
    }
    stop(): void {
      if (this.state === 'inactive') return;
      this.state = 'inactive';
      const data = new Blob([new Uint8Array(2048)], { type: this.mimeType });
      queueMicrotask(() => {
        this.dispatchEvent(Object.assign(new Event('dataavailable'), { data }));
        this.dispatchEvent(new Event('stop'));
      });
    }
  }
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);

  class FakeAudioContext {
    readonly sampleRate = 48000;
    state: AudioContextState = 'running';
    private readonly openedAt = performance.now();
    constructor() {
      log.contextsOpened += 1;
    }
    get currentTime(): number {
      return (performance.now() - this.openedAt) / 1000;
    }
    async resume(): Promise<void> {}
    async close(): Promise<void> {
      this.state = 'closed';
      log.contextsClosed += 1;
    }
    createMediaStreamSource() {
      return { connect: () => undefined, disconnect: () => undefined };
    }
    createAnalyser() {
      return {
        fftSize: 2048,
        smoothingTimeConstant: 0.8,
        getFloatTimeDomainData(buffer: Float32Array) {
          for (let i = 0; i < buffer.length; i += 1)
            buffer[i] = amplitude * Math.sin((2 * Math.PI * 220 * i) / 48000);
        },
      };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return log;
}

/**
 * An OfflineAudioContext whose decodeAudioData hands back the given channels (or fails), recording the rate it
 * was created with.
 */
export function installFakeDecoder(result: { channels: Float32Array[]; sampleRate: number } | Error): {
  rates: number[];
} {
  const rates: number[] = [];
  class FakeOfflineAudioContext {
    constructor(_channels: number, _length: number, sampleRate: number) {
      rates.push(sampleRate);
    }
    async decodeAudioData(): Promise<AudioBuffer> {
      if (result instanceof Error) throw result;
      const { channels, sampleRate } = result;
      return {
        numberOfChannels: channels.length,
        sampleRate,
        length: channels[0]?.length ?? 0,
        duration: (channels[0]?.length ?? 0) / sampleRate,
        getChannelData: (index: number) => channels[index]!,
      } as unknown as AudioBuffer;
    }
  }
  vi.stubGlobal('OfflineAudioContext', FakeOfflineAudioContext);
  return { rates };
}

/**
 * A voice-like test signal: a harmonic buzz whose pitch glides between 100 and 140 Hz, chopped into 200 ms
 * syllables with short gaps.
 */
export function buzzingSyllables(seconds: number, sampleRate: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  let phase = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const t = i / sampleRate;
    phase += (2 * Math.PI * (120 + 20 * Math.sin(2 * Math.PI * 0.7 * t))) / sampleRate;
    const inSyllable = t % 0.3;
    const envelope = inSyllable < 0.22 ? Math.sin((Math.PI * inSyllable) / 0.22) : 0;
    let value = 0;
    for (let harmonic = 1; harmonic <= 12; harmonic += 1) value += Math.sin(harmonic * phase) / harmonic;
    samples[i] = 0.15 * envelope * value;
  }
  return samples;
}
