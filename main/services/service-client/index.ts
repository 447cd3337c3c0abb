export type {
  AnswerInfo,
  AttemptInfo,
  CallOptions,
  CreateVoiceOptions,
  ServiceClientOptions,
  ServiceResult,
} from './service-client.js';
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_SYNC_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  ServiceClient,
} from './service-client.js';
export type { ServiceErrorData, ServiceErrorKind } from './service-error.js';
export { ServiceError, isServiceError, validationError } from './service-error.js';
export type { Clock } from './clock.js';
export { systemClock } from './clock.js';
export type { RetryPolicy } from './retry-policy.js';
export { DEFAULT_RETRY_POLICY, backoffDelayMs, parseRetryAfterMs } from './retry-policy.js';
export type { CreateVoiceInput, UploadSource, VoiceEncoding } from './voice-upload.js';
export { MULTIPART_THRESHOLD_BYTES } from './voice-upload.js';
export type { ContentResult, StyleRecord, TaskData, VoiceData, VoiceSummary } from './wire-schemas.js';
export { failureReasonOf, generationIdOf } from './wire-schemas.js';
export { REQUEST_ID_HEADER } from './response-decoder.js';
export type { RateGateOptions } from './rate-gate.js';
export { RateGate } from './rate-gate.js';
