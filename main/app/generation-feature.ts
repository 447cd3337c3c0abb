import type { MethodHandlers } from '../ipc/dispatcher.js';
import type { GenerationService } from '../services/generation/index.js';
import { ChargeTwiceRefusalError } from '../services/generation/index.js';

type GenerationHandlers = Pick<
  MethodHandlers,
  | 'generation.start'
  | 'generation.lookup'
  | 'generation.refetch'
  | 'generation.media'
  | 'generation.waveforms'
>;

/** Generation over IPC: the editor's blocks sent to the service, and what main knows of their audio. */
export function createGenerationFeature(generation: GenerationService): GenerationHandlers {
  return {
    'generation.start': async ({ project, blockIds, newTake, confirmChargeTwice, skipChargeTwice }) => {
      const chargeTwice = confirmChargeTwice ? 'confirm' : skipChargeTwice ? 'skip' : 'refuse';
      try {
        return await generation.start({ project, blockIds, newTake, chargeTwice });
      } catch (error) {
        // Nothing was sent: the editor asks the user what to do with the held blocks, then calls again.
        if (error instanceof ChargeTwiceRefusalError) return error.refusal;
        throw error;
      }
    },
    'generation.media': ({ serviceUrl, cacheKeys }) => generation.media(serviceUrl, cacheKeys),
    'generation.waveforms': ({ serviceUrl, cacheKeys }) => generation.waveforms(serviceUrl, cacheKeys),
    'generation.lookup': ({ serviceUrl, contentHashes }) => generation.lookup(serviceUrl, contentHashes),
    'generation.refetch': ({ serviceUrl, contentHashes }) => generation.refetch(serviceUrl, contentHashes),
  };
}
