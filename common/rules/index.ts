export * from './vocabulary.js';
export type { RuleId, RuleViolation } from './violation.js';
export { stripToTypeKeys, unusedKeysForType } from './block-keys.js';
export type { ContentBlock, RuleOptions } from './content-block.js';
export { validateContentBlock } from './content-block.js';
export type { TaskRequestBody, TaskRequestFlags } from './task-request.js';
export { validateTaskRequest } from './task-request.js';
export type { VoiceCreationInput, VoiceFileFacts } from './voice-creation.js';
export { validateUploadFileCount, validateVoiceCreation } from './voice-creation.js';
export { checkPlatformAudioUrl, originOf } from './platform-url.js';
export type { AudioUrlProblem } from './platform-url.js';
export type { RemoteStatusClass } from './remote-status.js';
export {
  TASK_STATUSES,
  VOICE_STATUSES,
  classifyTaskStatus,
  classifyVoiceStatus,
  isLongRunningVoiceStatus,
  looksLikeFailure,
} from './remote-status.js';
export { explainServiceCode } from './service-codes.js';
