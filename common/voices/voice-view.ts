/** A voice of the library as the renderer shows it. Sample and avatar URLs are app-local (served by main). */
export type VoiceState = 'creating' | 'ready' | 'training' | 'failed' | 'unknown';

export interface VoiceStyleView {
  id: string;
  name: string;
  /** App-local URL of the style's sample, playable under the app's CSP (and offline once fetched). */
  sampleUrl?: string;
  description?: string;
  language?: string;
}

export interface VoiceView {
  /** The voice resource's id (GET /api/voice/{id}); for a clone still being created, the job's id. */
  id: string;
  /** The id content blocks carry as voiceId. */
  idForGenerate: string;
  /** The user's name for it (a local rename) or the service's. */
  name: string;
  serviceName: string;
  state: VoiceState;
  /** The service's own status word. */
  status: string;
  failureReason?: string;
  description?: string;
  avatarUrl?: string;
  version?: string;
  from?: string;
  origin: 'created' | 'added';
  language?: string;
  professional: boolean;
  styles: VoiceStyleView[];
  jobId?: string;
  requestId?: string;
  addedAt: string;
  updatedAt: string;
}

export const voiceStateLabels: Record<VoiceState, string> = {
  creating: 'Creating',
  ready: 'Ready',
  training: 'Training (professional clone)',
  failed: 'Failed',
  unknown: 'Unknown status',
};
