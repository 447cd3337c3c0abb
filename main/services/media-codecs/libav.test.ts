import { describe, expect, it } from 'vitest';
import { createLibav } from './libav.js';

describe('createLibav', () => {
  it('has the AAC decoder and the libopus encoder and decoder, in separate instances', async () => {
    const [first, second] = await Promise.all([createLibav(), createLibav()]);
    expect(first).not.toBe(second);
    expect(await first.avcodec_find_decoder_by_name('aac')).toBeGreaterThan(0);
    expect(await first.avcodec_find_encoder_by_name('libopus')).toBeGreaterThan(0);
    expect(await second.avcodec_find_decoder_by_name('libopus')).toBeGreaterThan(0);
  });
});
