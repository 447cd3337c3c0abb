import type { FileSpace } from '../files/file-space.js';
import type { StyleRecord, VoiceRecord } from '../state/schema.js';

function styleView(style: StyleRecord, files: FileSpace): Record<string, unknown> {
  const audio = files.absoluteUrl(style.audioPath);
  return {
    id: style.id,
    name: style.name,
    promptOriginAudioStorageUrl: audio,
    playBackAudio: audio,
    description: style.description,
    language: style.language,
    vocalFilter: style.vocalFilter,
  };
}

/** `data` of voice creation and `GET /api/voice/{id}`. */
export function voiceView(voice: VoiceRecord, files: FileSpace): Record<string, unknown> {
  return {
    id: voice.id,
    idForGenerate: voice.idForGenerate,
    name: voice.name,
    status: voice.status,
    from: voice.from,
    version: voice.modelVersion,
    modelVersion: voice.modelVersion,
    language: voice.language,
    ...(voice.lora !== undefined ? { lora: voice.lora } : {}),
    metadata: {
      avatar: files.absoluteUrl(voice.avatarPath),
      description: voice.description,
      prompts: voice.styles.map((style) => styleView(style, files)),
      ...(voice.failureReason !== undefined ? { failureReason: voice.failureReason } : {}),
    },
    createdAt: voice.createdAt,
    updatedAt: voice.updatedAt,
  };
}

/** A voice as listed in a task's `metadata.voices` (the contract's voice summary: no idForGenerate). */
export function voiceSummary(voice: VoiceRecord, files: FileSpace): Record<string, unknown> {
  return {
    id: voice.id,
    name: voice.name,
    status: voice.status,
    metadata: {
      avatar: files.absoluteUrl(voice.avatarPath),
      description: voice.description,
      prompts: voice.styles.map((style) => styleView(style, files)),
    },
    version: voice.modelVersion,
    from: voice.from,
  };
}
