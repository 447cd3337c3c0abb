import { Howl } from 'howler';
import { create } from 'zustand';

interface SamplePlayerState {
  /** The sample URL playing now, if any. */
  playing: string | null;
  error: string | null;
  toggle(url: string): void;
  stop(): void;
}

let current: Howl | null = null;

/** Plays one voice sample at a time with howler; playing another stops the first. */
export const useSamplePlayer = create<SamplePlayerState>()((set, get) => ({
  playing: null,
  error: null,
  toggle: (url) => {
    const wasPlaying = get().playing === url;
    get().stop();
    if (wasPlaying) return;
    const howl = new Howl({
      src: [url],
      html5: true,
      // howler chooses by file extension and refuses a URL without one; an HTML5 <audio> element then plays
      // whatever the server sends (it sniffs the content), so a missing extension only needs a hint to pass.
      ...(/\.[a-z0-9]{2,5}$/i.test(url) ? {} : { format: ['mp3'] }),
      onend: () => set({ playing: null }),
      onloaderror: (_id, message) =>
        set({ playing: null, error: `Could not load the sample: ${String(message)}` }),
      onplayerror: (_id, message) =>
        set({ playing: null, error: `Could not play the sample: ${String(message)}` }),
    });
    current = howl;
    howl.play();
    set({ playing: url, error: null });
  },
  stop: () => {
    current?.unload();
    current = null;
    set({ playing: null });
  },
}));
