import { describe, expect, it } from 'vitest';
import type { PlacedItem } from '../../../../common/project/timeline-layout.js';
import { DEFAULT_ORIGINAL_AUDIO } from '../../../../common/project/timing-schema.js';
import {
  describeOriginalAudio,
  elementVolume,
  originalAudioTargetDb,
  rampDb,
  speakingAt,
} from './original-audio.js';

describe('originalAudioTargetDb', () => {
  it('is the volume, lowered by the ducking while speech plays, and silence when muted', () => {
    const audio = { volumeDb: -3, muted: false, duckDb: -12 };
    expect(originalAudioTargetDb(audio, false)).toBe(-3);
    expect(originalAudioTargetDb(audio, true)).toBe(-15);
    expect(originalAudioTargetDb({ ...audio, muted: true }, false)).toBe(-Infinity);
  });
});

describe('rampDb', () => {
  it('goes down over the export’s 250 ms attack and back up over its 600 ms release', () => {
    expect(rampDb(0, -12, 125, 12)).toBe(-6);
    expect(rampDb(0, -12, 400, 12)).toBe(-12);
    expect(rampDb(-12, 0, 300, 12)).toBe(-6);
    expect(rampDb(-12, 0, 600, 12)).toBe(0);
  });

  it('moves at once for a mute or a ducking of 0 dB', () => {
    expect(rampDb(-Infinity, -3, 10, 12)).toBe(-3);
    expect(rampDb(0, -Infinity, 10, 12)).toBe(-Infinity);
    expect(rampDb(0, -6, 10, 0)).toBe(-6);
  });
});

describe('elementVolume', () => {
  it('turns dB into the element’s 0..1, a boost heard at full volume and silence at 0', () => {
    expect(elementVolume(0)).toBe(1);
    expect(elementVolume(-20)).toBeCloseTo(0.1, 6);
    expect(elementVolume(6)).toBe(1);
    expect(elementVolume(-Infinity)).toBe(0);
  });
});

describe('speakingAt', () => {
  const item = (startMs: number, endMs: number): PlacedItem =>
    ({ blockId: `b${startMs}`, startMs, endMs, lane: 0, timed: true }) as PlacedItem;
  it('asks every line, lanes overlapping and in any order', () => {
    const speech = [item(5_000, 6_000), item(1_000, 2_000)];
    expect(speakingAt(speech, 1_500)).toBe(true);
    expect(speakingAt(speech, 2_000)).toBe(false);
    expect(speakingAt(speech, 5_000)).toBe(true);
    expect(speakingAt([], 5_000)).toBe(false);
  });
});

describe('describeOriginalAudio', () => {
  it('reads the settings as the row shows them', () => {
    expect(describeOriginalAudio(DEFAULT_ORIGINAL_AUDIO)).toBe('0 dB · ducks −12 dB');
    expect(describeOriginalAudio({ volumeDb: 3.5, muted: false, duckDb: 0 })).toBe('+3.5 dB · no ducking');
    expect(describeOriginalAudio({ volumeDb: -6, muted: true, duckDb: -12 })).toBe('Muted');
  });
});
