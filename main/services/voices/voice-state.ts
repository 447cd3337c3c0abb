import { classifyVoiceStatus } from '../../../common/rules/index.js';
import type { VoiceState } from './voice-entry.js';

/**
 * The library's state for a service status word. Professional-clone training gets its own state because it
 * takes far longer than a quick clone; `pending` means ready (a quick clone is usable), not "waiting".
 */
export function voiceStateOf(status: string): VoiceState {
  if (status === 'lora-pending' || status === 'lora-awaiting') return 'training';
  switch (classifyVoiceStatus(status)) {
    case 'done':
      return 'ready';
    case 'in-progress':
      return 'creating';
    case 'failed':
      return 'failed';
    case 'unknown':
      return 'unknown';
  }
}

/** Statuses that only a professional clone goes through. */
export function isProfessionalStatus(status: string): boolean {
  return status.startsWith('lora-');
}
