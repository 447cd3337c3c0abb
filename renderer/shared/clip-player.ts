import { Howl } from 'howler';

/**
 * The type howler is told a source has. howler picks a codec by the file's extension and refuses a URL without
 * one; its HTML5 audio then plays whatever the server sends (it sniffs the content), so a missing extension only
 * needs a hint to pass.
 */
export function audioFormatOf(src: string): string {
  return /\.([a-z0-9]{2,5})$/i.exec(src)?.[1]?.toLowerCase() ?? 'mp3';
}

export interface ClipOptions {
  /** The type to tell howler, when the URL does not say it (a blob: URL). */
  format?: string;
  /** Starts this many seconds in (A/B comparison keeps the position when switching takes). */
  fromS?: number;
  /**
   * Plays this much faster (a timed line sped up to fit its slot, as the export plays it): HTML5 audio's playback
   * rate, which keeps the pitch.
   */
  rate?: number;
  onPlay?(): void;
  onPause?(): void;
  onEnd?(): void;
  /** howler could not load or could not play the clip; `reason` is what it said. */
  onError?(stage: 'load' | 'play', reason: string): void;
}

/**
 * Runs `then` once the clip has loaded. howler tells 'load' only to the listeners it has at that moment, and a Web
 * Audio clip whose decoded buffer it still holds (kept while any Howl of the same file is alive, such as the take
 * just played from its row) loads inside `new Howl()`, before a listener can be added: that clip runs `then` at once.
 */
export function whenLoaded(howl: Howl, then: () => void): void {
  if (howl.state() === 'loaded') then();
  else howl.once('load', then);
}

/** A clip started with playClip: pause and resume it, read where it is, stop it for good. */
export interface PlayingClip {
  pause(): void;
  resume(): void;
  isPlaying(): boolean;
  /** Seconds into the clip (0 until it has loaded). */
  positionS(): number;
  /** Stops and frees the audio element; no event of this clip follows. */
  stop(): void;
}

/**
 * Plays one clip (a take, a voice sample, a recording) through howler's HTML5 audio, which streams it instead of
 * decoding it whole first: the one way the renderer plays a file (the timeline preview schedules many with
 * howler's Web Audio instead).
 */
export function playClip(src: string, options: ClipOptions = {}): PlayingClip {
  const fromS = options.fromS ?? 0;
  const howl = new Howl({
    src: [src],
    html5: true,
    format: [options.format ?? audioFormatOf(src)],
    ...(options.rate === undefined ? {} : { rate: options.rate }),
    // Started past the beginning, the clip stays silent until the seek lands: its first moment is not heard.
    volume: fromS > 0 ? 0 : 1,
    onplay: () => options.onPlay?.(),
    onpause: () => options.onPause?.(),
    onend: () => options.onEnd?.(),
    onloaderror: (_id, reason) => options.onError?.('load', String(reason)),
    onplayerror: (_id, reason) => options.onError?.('play', String(reason)),
  });
  if (fromS > 0) {
    // howler starts a sound from 0: the seek follows the play, once the length is known to keep it inside. It
    // waits for 'play' because howler queues a seek asked while HTML5 play() is pending and then runs it only
    // after a 'seek' that never comes: the clip would play on silently from 0:00.
    whenLoaded(howl, () => {
      howl.once('play', (id) => {
        howl.once('seek', () => howl.volume(1));
        howl.seek(Math.min(fromS, howl.duration()), id);
      });
      howl.play();
    });
  } else {
    howl.play();
  }
  return {
    pause: () => void howl.pause(),
    resume: () => void howl.play(),
    isPlaying: () => howl.playing(),
    positionS: () => {
      // Asked before the clip has loaded, howler queues the question and answers with itself.
      const position = howl.state() === 'loaded' ? howl.seek() : 0;
      return typeof position === 'number' ? position : 0;
    },
    stop: () => void howl.unload(),
  };
}
