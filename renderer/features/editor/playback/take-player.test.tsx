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

  it('plays a take of a line stretched to fit its slot faster, through HTML5 audio, which keeps the pitch', () => {
    const { result } = player();
    act(() => result.current.play('take-1', '/media/take-1.mp3', 0, 1.1));
    expect(howls[0]!.options).toMatchObject({ html5: true, rate: 1.1 });
    act(() => result.current.play('take-2', '/media/take-2.mp3'));
    expect(howls[1]!.options.rate).toBeUndefined();
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
    // Played once its length is known, then moved to where the first take was once it plays: howler would leave
    // a seek asked while the play is pending in its queue for good.
    expect(second.played).toBe(0);
    expect(second.volumeNow).toBe(0);
    act(() => second.emit('load'));
    expect(second.played).toBe(1);
    act(() => second.emit('play'));
    expect(second.seeks).toEqual([1.25]);
    expect(second.queue).toEqual([]);
    expect(second.volumeNow).toBe(0);
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
    act(() => howls[1]!.emit('play'));
    expect(howls[1]!.seeks).toEqual([2]);
    // A third take switched to waits for its length; switched away from before it loaded, it cannot know a
    // position, so the take after it starts at once from the start.
    act(() => result.current.switchTo('third', '/media/third.mp3'));
    expect(howls[2]!.played).toBe(0);
    act(() => result.current.switchTo('long', '/media/long.mp3'));
    expect(howls[3]!.played).toBe(1);
    act(() => howls[3]!.emit('play'));
    expect(howls[3]!.seeks).toEqual([]);
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
    expect(result.current.error).toBeNull();
    act(() => howls[1]!.emit('playerror', 'blocked'));
    expect(result.current.playback).toEqual({ kind: 'idle' });
  });

  it('stops a take that fails and says why, until another take is played', () => {
    const { result } = player();
    act(() => result.current.play('take-1', '/media/1.mp3'));
    act(() => howls[0]!.emit('loaderror', 'Decoding audio data failed.'));
    expect(howls[0]!.unloaded).toBe(true);
    expect(result.current.playback).toEqual({ kind: 'idle' });
    expect(result.current.error).toBe('Could not load the take: Decoding audio data failed.');
    act(() => result.current.play('take-2', '/media/2.mp3'));
    expect(result.current.error).toBeNull();
    act(() => howls[1]!.emit('playerror', 'blocked'));
    expect(howls[1]!.unloaded).toBe(true);
    expect(result.current.error).toBe('Could not play the take: blocked');
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
