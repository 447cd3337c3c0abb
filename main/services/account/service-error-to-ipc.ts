import { IpcError } from '../../../common/ipc/errors.js';
import type { ServiceError } from '../service-client/index.js';

/** Carries a ServiceError across IPC whole: the user sees the message, the code and the request id to quote. */
export function serviceErrorToIpc(error: ServiceError, context: string): IpcError {
  return new IpcError({
    code: 'SERVICE_ERROR',
    message: `${context}: ${error.message}`,
    serviceCode: error.code,
    ...(error.httpStatus === undefined ? {} : { httpStatus: error.httpStatus }),
    ...(error.requestId ? { requestId: error.requestId } : {}),
  });
}
