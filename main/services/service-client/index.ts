export type {
  AnswerInfo,
  CallOptions,
  CreateVoiceOptions,
  ServiceClientOptions,
  ServiceResult,
} from './service-client.js';
export { ServiceClient } from './service-client.js';
export type { ServiceErrorData } from './service-error.js';
export { ServiceError, isServiceError, validationError } from './service-error.js';
export type { Clock } from './clock.js';
export { systemClock } from './clock.js';
export type { CreateVoiceInput } from './voice-upload.js';
export type { StyleRecord, TaskData, VoiceData } from './wire-schemas.js';
export { failureReasonOf, generationIdOf } from './wire-schemas.js';
export { RateGate } from './rate-gate.js';
export type { RecentRequest } from './recent-requests.js';
export { RecentRequests, withoutCredentials } from './recent-requests.js';
