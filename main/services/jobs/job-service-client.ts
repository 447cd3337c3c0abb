import type { TaskRequestBody } from '../../../common/rules/index.js';
import type {
  CallOptions,
  CreateVoiceInput,
  CreateVoiceOptions,
  ServiceResult,
  TaskData,
  VoiceData,
} from '../service-client/index.js';

/** The four operations, as the job manager needs them (ServiceClient fits; tests may pass a double). */
export interface JobServiceClient {
  readonly baseUrl: string;
  createTask(body: TaskRequestBody, options?: CallOptions): Promise<ServiceResult<TaskData>>;
  getTask(id: string, options?: CallOptions): Promise<ServiceResult<TaskData>>;
  createVoice(input: CreateVoiceInput, options?: CreateVoiceOptions): Promise<ServiceResult<VoiceData>>;
  getVoice(id: string, options?: CallOptions): Promise<ServiceResult<VoiceData>>;
}
