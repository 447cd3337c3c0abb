export { GenerationService } from './generation-service.js';
