export type {
  GenerationServiceOptions,
  GenerationUpdate,
  StartGenerationInput,
  StartedGeneration,
} from './generation-service.js';
export { GenerationService } from './generation-service.js';
