import { afterEach, describe, expect, it, vi } from 'vitest';
import { howls } from '../../test-support/fake-howler.js';
import { useSamplePlayer } from './sample-player.js';

vi.mock('howler', () => import('../../test-support/fake-howler.js'));

afterEach(() => {
  useSamplePlayer.getState().stop();
  useSamplePlayer.setState({ error: null });
  howls.length = 0;
});

describe('useSamplePlayer', () => {
  it('plays one sample at a time: another stops the first, the same one again stops it', () => {
    const { toggle } = useSamplePlayer.getState();
    toggle('https://voices.example/a/sample');
    // howler needs a type for a URL without an extension: the audio element sniffs the real one.
    expect(howls[0]!.options).toMatchObject({ src: ['https://voices.example/a/sample'], format: ['mp3'] });
    toggle('https://voices.example/b/sample.wav');
    expect(howls[0]!.unloaded).toBe(true);
    expect(howls[1]!.options.format).toEqual(['wav']);
    expect(useSamplePlayer.getState().playing).toBe('https://voices.example/b/sample.wav');
    toggle('https://voices.example/b/sample.wav');
    expect(howls[1]!.unloaded).toBe(true);
    expect(useSamplePlayer.getState().playing).toBeNull();
  });

  it('is done when the sample ends, and says why when it cannot load or play', () => {
    const { toggle } = useSamplePlayer.getState();
    toggle('/media/a.mp3');
    howls[0]!.emit('end');
    expect(useSamplePlayer.getState().playing).toBeNull();
    toggle('/media/a.mp3');
    howls[1]!.emit('loaderror', 'Decoding audio data failed.');
    expect(useSamplePlayer.getState()).toMatchObject({
      playing: null,
      error: 'Could not load the sample: Decoding audio data failed.',
    });
    toggle('/media/b.mp3');
    expect(useSamplePlayer.getState().error).toBeNull();
    howls[2]!.emit('playerror', 'blocked');
    expect(useSamplePlayer.getState().error).toBe('Could not play the sample: blocked');
  });
});
