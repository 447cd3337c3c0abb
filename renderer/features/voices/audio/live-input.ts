/**
 * Taps the microphone stream for live figures (level and speech) with an AnalyserNode, which needs no extra
 * script file (an AudioWorklet module would have to be served separately under the app's CSP). The analyser
 * keeps the last ~0.7 s; reading it every 100 ms and taking only what arrived since the last read (by the audio
 * clock) gives a practically gapless feed. A read missed for longer (a hidden, throttled window) loses samples,
 * which only makes the live speech count lag; the final count is taken from the recording itself.
 */
export interface LiveInput {
  readonly sampleRate: number;
  /** `fresh`: samples since the previous read; `recent`: the last ~0.7 s (for levels). */
  read(): { fresh: Float32Array; recent: Float32Array };
  close(): Promise<void>;
}

const ANALYSER_SIZE = 32768; // the largest the Web Audio API allows

export async function openLiveInput(stream: MediaStream): Promise<LiveInput> {
  const context = new AudioContext({ latencyHint: 'interactive' });
  try {
    if (context.state === 'suspended') await context.resume();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = ANALYSER_SIZE;
    analyser.smoothingTimeConstant = 0;
    // Not connected to the speakers: the analyser is pulled by the graph on its own, and nothing echoes.
    source.connect(analyser);
    const buffer = new Float32Array(ANALYSER_SIZE);
    let lastTime = context.currentTime;
    let closed = false;
    return {
      sampleRate: context.sampleRate,
      read() {
        const now = context.currentTime;
        const arrived = Math.round((now - lastTime) * context.sampleRate);
        lastTime = now;
        analyser.getFloatTimeDomainData(buffer);
        const fresh = buffer.slice(ANALYSER_SIZE - Math.min(ANALYSER_SIZE, Math.max(0, arrived)));
        return { fresh, recent: buffer };
      },
      async close() {
        if (closed) return;
        closed = true;
        source.disconnect();
        await context.close();
      },
    };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}
