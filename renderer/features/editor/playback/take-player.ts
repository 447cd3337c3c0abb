import { useEffect, useRef, useState } from 'react';

/** What the take player is doing: nothing, or playing one take (at a position the A/B switch keeps). */
export type TakePlayback = { kind: 'idle' } | { kind: 'playing'; cacheKey: string };

export interface TakePlayer {
  playback: TakePlayback;
  /** Plays a take from the start, or from `atS` seconds (A/B keeps the position when switching). */
  play(cacheKey: string, src: string, atS?: number): void;
  /** Switches to another take at the same position, playing on. */
  switchTo(cacheKey: string, src: string): void;
  stop(): void;
}

/**
 * One audio element for listening to takes: playing another take stops the one before, and A/B comparison
 * switches the source at the same position so the two readings of the same words line up.
 */
export function useTakePlayer(): TakePlayer {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playback, setPlayback] = useState<TakePlayback>({ kind: 'idle' });

  useEffect(
    () => () => {
      audioRef.current?.pause();
      audioRef.current = null;
    },
    [],
  );

  const play = (cacheKey: string, src: string, atS = 0): void => {
    audioRef.current?.pause();
    const audio = new Audio(src);
    audioRef.current = audio;
    audio.addEventListener('ended', () => {
      if (audioRef.current === audio) setPlayback({ kind: 'idle' });
    });
    const start = (): void => {
      if (atS > 0) audio.currentTime = Math.min(atS, Number.isFinite(audio.duration) ? audio.duration : atS);
      // A play() cut short by switching to another take rejects too: only this take's own failure stops it.
      void audio.play().catch(() => {
        if (audioRef.current === audio) setPlayback({ kind: 'idle' });
      });
    };
    if (atS > 0 && audio.readyState < HTMLMediaElement.HAVE_METADATA) {
      audio.addEventListener('loadedmetadata', start, { once: true });
    } else start();
    setPlayback({ kind: 'playing', cacheKey });
  };

  return {
    playback,
    play,
    switchTo: (cacheKey, src) => play(cacheKey, src, audioRef.current?.currentTime ?? 0),
    stop: () => {
      audioRef.current?.pause();
      audioRef.current = null;
      setPlayback({ kind: 'idle' });
    },
  };
}
