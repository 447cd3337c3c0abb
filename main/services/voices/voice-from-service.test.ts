import { describe, expect, it } from 'vitest';
import { voiceDataSchema } from '../service-client/wire-schemas.js';
import { displayName, voiceEntrySchema } from './voice-entry.js';
import { entryFromService, httpUrlOrUndefined, stylesOf } from './voice-from-service.js';
import { voiceStateOf } from './voice-state.js';

const NOW = '2025-03-01T10:00:00.000Z';

describe('voiceStateOf', () => {
  it('maps every contract status and reads unknown words safely', () => {
    expect(voiceStateOf('creating')).toBe('creating');
    expect(voiceStateOf('pending')).toBe('ready');
    expect(voiceStateOf('lora-pending')).toBe('training');
    expect(voiceStateOf('lora-awaiting')).toBe('training');
    expect(voiceStateOf('lora-success')).toBe('ready');
    expect(voiceStateOf('failed')).toBe('failed');
    expect(voiceStateOf('training_error')).toBe('failed');
    expect(voiceStateOf('queued-somewhere')).toBe('unknown');
  });
});

describe('entryFromService', () => {
  it('takes a market voice as the service describes it, falling back to id when idForGenerate is missing', () => {
    const data = voiceDataSchema.parse({
      id: 'market-1',
      name: '  Aria ',
      status: 'pending',
      from: 'market',
      version: 'v3.0',
      language: 'en',
      metadata: {
        avatar: 'https://cdn.example/aria.png',
        description: 'Warm narrator',
        prompts: [
          {
            id: 'default',
            name: 'Default',
            playBackAudio: 'https://cdn.example/a.mp3',
            promptOriginAudioStorageUrl: 'https://cdn.example/origin.mp3',
          },
          { id: 'calm', promptOriginAudioStorageUrl: 'https://cdn.example/calm.mp3', language: 'en' },
        ],
      },
    });
    const entry = voiceEntrySchema.parse(
      entryFromService(undefined, data, { origin: 'added', now: NOW, requestId: 'req-1' }),
    );
    expect(entry).toEqual({
      id: 'market-1',
      idForGenerate: 'market-1',
      serviceName: 'Aria',
      status: 'pending',
      state: 'ready',
      description: 'Warm narrator',
      avatarUrl: 'https://cdn.example/aria.png',
      version: 'v3.0',
      from: 'market',
      origin: 'added',
      language: 'en',
      professional: false,
      styles: [
        { id: 'default', name: 'Default', sampleUrl: 'https://cdn.example/a.mp3' },
        { id: 'calm', name: 'calm', sampleUrl: 'https://cdn.example/calm.mp3', language: 'en' },
      ],
      requestId: 'req-1',
      addedAt: NOW,
      updatedAt: NOW,
    });
    expect(displayName(entry)).toBe('Aria');
    expect(displayName({ ...entry, localName: 'Story voice' })).toBe('Story voice');
  });

  it('keeps what only the app knows when the service answers again', () => {
    const first = entryFromService(
      undefined,
      voiceDataSchema.parse({ id: 'v', name: 'Mine', status: 'lora-pending' }),
      { origin: 'created', now: NOW, jobId: 'job-1' },
    );
    const later = entryFromService(
      { ...first, localName: 'Renamed' },
      voiceDataSchema.parse({ id: 'v', idForGenerate: 'g', status: 'lora-success' }),
      { origin: 'added', now: '2025-03-02T00:00:00.000Z' },
    );
    expect(later).toMatchObject({
      localName: 'Renamed',
      serviceName: 'Mine',
      origin: 'created',
      professional: true,
      jobId: 'job-1',
      addedAt: NOW,
      idForGenerate: 'g',
      state: 'ready',
    });
  });

  it('explains a failure even when the service gives no reason', () => {
    const entry = entryFromService(undefined, voiceDataSchema.parse({ id: 'v', status: 'failed' }), {
      origin: 'created',
      now: NOW,
    });
    expect(entry.failureReason).toBe('The service reported the voice as "failed" without giving a reason.');
  });
});

describe('stylesOf and httpUrlOrUndefined', () => {
  it('drops styles without an id, duplicates, and sample URLs that are not http(s)', () => {
    expect(
      stylesOf([
        { name: 'No id' },
        {
          id: 'default',
          playBackAudio: 'javascript:alert(1)',
          promptOriginAudioStorageUrl: 'file:///etc/passwd',
        },
        { id: 'default', name: 'Again' },
      ]),
    ).toEqual([{ id: 'default', name: 'default' }]);
    expect(httpUrlOrUndefined('not a url')).toBeUndefined();
    expect(httpUrlOrUndefined(' http://host/a b.mp3 ')).toBe('http://host/a%20b.mp3');
  });
});
