import { describe, expect, it } from 'vitest';
import { applyRetailProfile } from './apply-retail-profile.js';
import { defaultProjectExportSettings } from './project-export-settings.js';
import { retailProfile } from './retail-profiles.js';
import { addRoomToneLoop, roomToneClipProblem, roomToneLoop, withRoomToneClip } from './room-tone-clip.js';

const rate = 8000;

/** Seeded uniform noise at an RMS level (a recorded room stands in as noise: the loop sees only samples). */
function noise(frames: number, rmsDb: number, seed = 7): Float32Array {
  let state = seed;
  const amplitude = 10 ** (rmsDb / 20) * Math.sqrt(3);
  return Float32Array.from({ length: frames }, () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return (state / 2 ** 32 - 0.5) * 2 * amplitude;
  });
}

function laid(samples: Float32Array, from: number, frames: number): Float32Array {
  const out = new Float32Array(frames);
  addRoomToneLoop(roomToneLoop(samples, rate), [out], frames, from);
  return out;
}

describe('the looped room-tone clip', () => {
  it('lays the same samples in a range rendered on its own (a chapter) as in the whole pass', () => {
    const clip = noise(rate, -66);
    const whole = laid(clip, 0, 10 * rate);
    const chapter = laid(clip, 3 * rate + 1234, 2 * rate);
    expect(chapter).toEqual(whole.subarray(3 * rate + 1234, 5 * rate + 1234));
  });

  it('crosses each seam without a click: no step there larger than the clip’s own largest step', () => {
    // A slow ramp from −0.001 to +0.001: a loop that jumped back from its end to its start would step by 0.002.
    const clip = Float32Array.from({ length: rate }, (_, i) => -0.001 + (0.002 * i) / rate);
    const ownStep = (0.002 / rate) * 1.01;
    const looped = laid(clip, 0, 4 * rate);
    let largest = 0;
    for (let i = 1; i < looped.length; i += 1)
      largest = Math.max(largest, Math.abs(looped[i]! - looped[i - 1]!));
    // The blend of the two ends moves at most by the crossfade's slope times their gap (0.002 over 400 frames).
    expect(largest).toBeLessThan(ownStep + 0.002 / 400 + 1e-6);
    expect(largest).toBeLessThan(0.0001);
  });

  it('keeps the clip’s level across the seams (equal-power blend of unrelated noise)', () => {
    const clip = noise(rate, -66);
    const looped = laid(clip, 0, 20 * rate);
    const rms = Math.sqrt(looped.reduce((sum, value) => sum + value * value, 0) / looped.length);
    expect(20 * Math.log10(rms)).toBeGreaterThan(-66.5);
    expect(20 * Math.log10(rms)).toBeLessThan(-65.5);
  });
});

describe('roomToneClipProblem', () => {
  it('takes a quiet room of half a second or more', () => {
    expect(roomToneClipProblem(noise(rate / 2, -65), rate, -60, 'room.wav')).toBeNull();
  });

  it('refuses a clip shorter than half a second, naming the file and the rule', () => {
    expect(roomToneClipProblem(noise(rate / 4, -65), rate, -60, 'room.wav')).toBe(
      'Room-tone clip “room.wav” is 0.25 s long: it must last at least 0.5 s',
    );
  });

  it('refuses digital silence, whole or as a run inside the clip', () => {
    expect(roomToneClipProblem(new Float32Array(rate), rate, -60, 'zero.wav')).toMatch(
      /“zero\.wav” is digital silence/u,
    );
    const gap = noise(rate, -65);
    gap.fill(0, 4000, 4100);
    expect(roomToneClipProblem(gap, rate, -60, 'gap.wav')).toMatch(
      /“gap\.wav” holds 13 ms of digital silence: room tone must never be zero/u,
    );
  });

  it('refuses a clip louder than the noise-floor limit, with its level and the limit', () => {
    expect(roomToneClipProblem(noise(rate, -50), rate, -60, 'hiss.wav')).toMatch(
      /^Room-tone clip “hiss\.wav” is -50\.\d dB RMS: room tone must be at most -60 dB RMS \(the noise-floor limit\)$/u,
    );
  });
});

describe('withRoomToneClip and a retailer profile', () => {
  it('turns room tone on for the clip without a profile, and a profile keeps the clip under its own floor', () => {
    const plain = withRoomToneClip(defaultProjectExportSettings, '/rooms/studio.wav');
    expect(plain.options.roomTone?.clip).toEqual({ path: '/rooms/studio.wav', maxRmsDb: -60 });
    const acx = applyRetailProfile(plain, retailProfile('acx')).settings;
    expect(acx.options.roomTone).toMatchObject({
      headMs: 600,
      clip: { path: '/rooms/studio.wav', maxRmsDb: retailProfile('acx').maxNoiseFloorDb },
    });
    expect(withRoomToneClip(defaultProjectExportSettings, undefined)).toBe(defaultProjectExportSettings);
  });
});
