export { ChargeTwiceRefusalError } from './charge-twice-refusal.js';
export { GenerationService } from './generation-service.js';
