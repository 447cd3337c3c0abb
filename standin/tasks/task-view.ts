import type { FileSpace } from '../files/file-space.js';
import type { TaskRecord } from '../state/schema.js';
import type { VoiceRegistry } from '../voices/voice-registry.js';
import { voiceSummary } from '../voices/voice-view.js';

/** `data` of the task endpoints (contract 2.2) with absolute URLs under the stand-in's origin. */
export function taskView(task: TaskRecord, files: FileSpace, voices: VoiceRegistry): Record<string, unknown> {
  const contents = task.contents.map((block, index) => {
    const segment = task.segments?.[index];
    return segment
      ? { ...block, audio: files.absoluteUrl(segment.audioPath), generatedAt: segment.generatedAt }
      : { ...block };
  });
  const summaries = task.voiceIds.flatMap((id) => {
    const voice = voices.findById(id);
    return voice ? [voiceSummary(voice, files)] : [];
  });
  return {
    id: task.id,
    userId: task.userId,
    status: task.status,
    type: task.type,
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    metadata: {
      contents,
      characters: task.characters,
      voices: summaries,
      isPremium: task.isPremium,
      srt: task.srt,
      ...(task.audioPath !== undefined ? { audio: files.absoluteUrl(task.audioPath) } : {}),
      ...(task.generatedAt !== undefined ? { generatedAt: task.generatedAt } : {}),
      ...(task.srtPath !== undefined ? { srtUrl: files.absoluteUrl(task.srtPath) } : {}),
      ...(task.failureReason !== undefined ? { failureReason: task.failureReason } : {}),
    },
  };
}
