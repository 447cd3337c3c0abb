import { IpcError } from '../../common/ipc/errors.js';
import type { MethodHandlers } from '../ipc/dispatcher.js';

type VideoHandlers = Pick<MethodHandlers, 'video.choose' | 'video.probe' | 'video.status' | 'video.locate'>;

const notYet = (): never => {
  throw new IpcError({ code: 'INTERNAL', message: 'The reference video is not available yet.' });
};

/** The reference video: choosing, probing, status and locating (being built: every method refuses for now). */
export function createVideoFeature(): VideoHandlers {
  return {
    'video.choose': notYet,
    'video.probe': notYet,
    'video.status': notYet,
    'video.locate': notYet,
  };
}
