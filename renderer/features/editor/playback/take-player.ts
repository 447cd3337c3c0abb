import { useEffect, useRef, useState } from 'react';
import type { PlayingClip } from '../../../shared/clip-player.js';
import { playClip } from '../../../shared/clip-player.js';

/** What the take player is doing: nothing, or playing one take (at a position the A/B switch keeps). */
export type TakePlayback = { kind: 'idle' } | { kind: 'playing'; cacheKey: string };

export interface TakePlayer {
  playback: TakePlayback;
  /** Why the last take could not be heard (howler's words), until another is played or the player is stopped. */
  error: string | null;
  /**
   * Plays a take from the start, or from `atS` seconds (A/B keeps the position when switching), at `rate` when its
   * block is stretched to fit its slot (pitch kept).
   */
  play(cacheKey: string, src: string, atS?: number, rate?: number): void;
  /** Switches to another take at the same position, playing on. */
  switchTo(cacheKey: string, src: string): void;
  stop(): void;
}

/**
 * One clip at a time for listening to takes: playing another take stops the one before, and A/B comparison
 * switches the source at the same position so the two readings of the same words line up.
 */
export function useTakePlayer(): TakePlayer {
  const clipRef = useRef<PlayingClip | null>(null);
  const [playback, setPlayback] = useState<TakePlayback>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () => () => {
      clipRef.current?.stop();
      clipRef.current = null;
    },
    [],
  );

  const play = (cacheKey: string, src: string, atS = 0, rate?: number): void => {
    clipRef.current?.stop();
    // Only this take's own end or failure makes the player idle: a take switched away from says nothing more.
    const idleIfCurrent = (): void => {
      if (clipRef.current === clip) setPlayback({ kind: 'idle' });
    };
    // A failed clip is freed (so nothing resumes it) and the reason shown, as the voice samples do.
    const failed = (stage: 'load' | 'play', reason: string): void => {
      if (clipRef.current !== clip) return;
      clip.stop();
      clipRef.current = null;
      setPlayback({ kind: 'idle' });
      setError(`Could not ${stage} the take: ${reason}`);
    };
    const clip: PlayingClip = playClip(src, {
      fromS: atS,
      onEnd: idleIfCurrent,
      onError: failed,
      ...(rate === undefined ? {} : { rate }),
    });
    clipRef.current = clip;
    setPlayback({ kind: 'playing', cacheKey });
    setError(null);
  };

  return {
    playback,
    error,
    play,
    switchTo: (cacheKey, src) => play(cacheKey, src, clipRef.current?.positionS() ?? 0),
    stop: () => {
      clipRef.current?.stop();
      clipRef.current = null;
      setPlayback({ kind: 'idle' });
      setError(null);
    },
  };
}
