import type { IpcErrorCode, IpcErrorData } from '../../common/ipc/errors.js';
import { JobActionError } from '../services/jobs/index.js';
import { MediaCacheError } from '../services/media/index.js';
import { ServiceError } from '../services/service-client/index.js';
import { UserFileError } from '../services/storage/user-file.js';
import { VoiceLibraryError } from '../services/voices/index.js';

/**
 * Turns the services' own error types into what crosses IPC, keeping the field, the service's code and the
 * request id, so the renderer can show the error next to the field it concerns.
 */
export function translateServiceErrors(error: unknown): IpcErrorData | undefined {
  if (error instanceof ServiceError) {
    const violation = error.violations?.[0];
    return compact({
      code: error.kind === 'validation' ? 'INVALID_INPUT' : 'SERVICE_ERROR',
      message: violation?.message ?? error.message,
      field: violation?.field,
      serviceCode: error.code,
      requestId: error.requestId,
      httpStatus: error.httpStatus,
    });
  }
  if (error instanceof JobActionError) {
    return {
      code: error.code === 'JOB_NOT_FOUND' ? 'NOT_FOUND' : 'CONFLICT',
      message: error.message,
      // What is missing is the user's yes to a second charge: the Tasks page asks it (ChargeTwiceDialog).
      field: error.code === 'JOB_NEEDS_CONFIRMATION' ? 'confirmChargeTwice' : 'id',
    };
  }
  if (error instanceof VoiceLibraryError) {
    const code: IpcErrorCode =
      error.code === 'VOICE_NOT_FOUND' || error.code === 'VOICE_NOT_IN_LIBRARY'
        ? 'NOT_FOUND'
        : error.requestId
          ? 'SERVICE_ERROR'
          : 'INVALID_INPUT';
    return compact({
      code,
      message: error.message,
      field: error.field,
      serviceCode: error.code,
      requestId: error.requestId,
      httpStatus: error.httpStatus,
    });
  }
  if (error instanceof MediaCacheError) {
    return compact({
      code: 'SERVICE_ERROR',
      message: error.message,
      field: error.field,
      serviceCode: error.code,
    });
  }
  if (error instanceof UserFileError) {
    // Its message names the file and says what to do (a full disk, a named pipe, a folder, a missing file).
    return { code: error.reason === 'not-found' ? 'NOT_FOUND' : 'INVALID_INPUT', message: error.message };
  }
  return undefined;
}

function compact(data: { [K in keyof IpcErrorData]: IpcErrorData[K] | undefined }): IpcErrorData {
  return Object.fromEntries(
    Object.entries(data).filter(([, value]) => value !== undefined),
  ) as unknown as IpcErrorData;
}
