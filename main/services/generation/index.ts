export { ChargeTwiceRefusalError, GenerationService } from './generation-service.js';
