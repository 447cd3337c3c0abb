import type { FaultRuleInput } from '../traffic/faults.js';

/**
 * A fault rule for the next `count` task submissions (every `every`-th one, default each): the stand-in refuses
 * them with 400 TTS_CONTENTS_INVALID, as the service refuses a whole task, and nothing is made or charged.
 */
export function taskRefusals(count: number, every = 1): FaultRuleInput {
  return {
    mode: 'status',
    status: 400,
    code: 'TTS_CONTENTS_INVALID',
    method: 'POST',
    pathPrefix: '/api/tts/generate',
    every,
    count,
  };
}
