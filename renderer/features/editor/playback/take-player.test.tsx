import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { howls } from '../../../test-support/fake-howler.js';
import { useTakePlayer } from './take-player.js';

vi.mock('howler', () => import('../../../test-support/fake-howler.js'));

afterEach(() => {
  cleanup();
  howls.length = 0;
});

function player() {
  return renderHook(() => useTakePlayer());
}

describe('useTakePlayer', () => {
  it('streams a take through howler from the start until it ends', () => {
    const { result } = player();
    act(() => result.current.play('take-1', '/media/take-1.mp3'));
    expect(howls).toHaveLength(1);
    expect(howls[0]!.options).toMatchObject({ src: ['/media/take-1.mp3'], html5: true, format: ['mp3'] });
    expect(howls[0]!.played).toBe(1);
    expect(result.current.playback).toEqual({ kind: 'playing', cacheKey: 'take-1' });
    act(() => howls[0]!.emit('end'));
    expect(result.current.playback).toEqual({ kind: 'idle' });
  });

  it('switches to the other take at the same position, silent until the seek lands (A/B)', () => {
    const { result } = player();
    act(() => result.current.play('take-a', '/media/a.wav'));
    const first = howls[0]!;
    act(() => first.emit('load'));
    first.positionS = 1.25;
    act(() => result.current.switchTo('take-b', '/media/b.wav'));
    expect(first.unloaded).toBe(true);
    const second = howls[1]!;
    expect(result.current.playback).toEqual({ kind: 'playing', cacheKey: 'take-b' });
    // Played once its length is known, then moved to where the first take was.
    expect(second.played).toBe(0);
    expect(second.volumeNow).toBe(0);
    act(() => second.emit('load'));
    expect(second.played).toBe(1);
    expect(second.seeks).toEqual([1.25]);
    act(() => second.emit('seek'));
    expect(second.volumeNow).toBe(1);
  });

  it('starts a take shorter than the position at its end, and a take not yet loaded from the start', () => {
    const { result } = player();
    act(() => result.current.play('long', '/media/long.mp3'));
    act(() => howls[0]!.emit('load'));
    howls[0]!.positionS = 5;
    act(() => result.current.switchTo('short', '/media/short.mp3'));
    act(() => howls[1]!.emit('load'));
    expect(howls[1]!.seeks).toEqual([2]);
    // The short take never loaded: switching back cannot know a position and starts at once.
    act(() => result.current.switchTo('long', '/media/long.mp3'));
    expect(howls[2]!.played).toBe(1);
    expect(howls[2]!.seeks).toEqual([]);
  });

  it('goes idle when its own take fails, not when a take switched away from does', () => {
    const { result } = player();
    act(() => result.current.play('take-1', '/media/1.mp3'));
    const replaced = howls[0]!;
    act(() => result.current.play('take-2', '/media/2.mp3'));
    // howler says nothing more of an unloaded clip; were it to, the player would not listen.
    replaced.unloaded = false;
    act(() => replaced.emit('loaderror', 'gone'));
    expect(result.current.playback).toEqual({ kind: 'playing', cacheKey: 'take-2' });
    act(() => howls[1]!.emit('playerror', 'blocked'));
    expect(result.current.playback).toEqual({ kind: 'idle' });
  });

  it('stops the take on stop and when the view goes away', () => {
    const { result, unmount } = player();
    act(() => result.current.play('take-1', '/media/1.mp3'));
    act(() => result.current.stop());
    expect(howls[0]!.unloaded).toBe(true);
    expect(result.current.playback).toEqual({ kind: 'idle' });
    act(() => result.current.play('take-2', '/media/2.mp3'));
    unmount();
    expect(howls[1]!.unloaded).toBe(true);
  });
});
