import type { z } from 'zod';
import type { MethodName, MethodParsedInput, MethodResult } from '../../common/ipc/contract.js';
import { ipcMethods, isMethodName } from '../../common/ipc/contract.js';
import { METHOD_NAMES } from '../../common/ipc/names.js';
import type { IpcErrorData, IpcResponse } from '../../common/ipc/errors.js';
import { IpcError } from '../../common/ipc/errors.js';
import { encodeResult } from '../../common/ipc/wire-codec.js';
import type { Logger } from '../services/logging/logger.js';

export type MethodHandlers = {
  [M in MethodName]: (input: MethodParsedInput<M>) => Promise<MethodResult<M>> | MethodResult<M>;
};

export type Dispatch = (method: unknown, input: unknown) => Promise<IpcResponse<unknown>>;

/**
 * Turns the handlers into the single entry point both shells bind: unknown methods and invalid inputs are
 * refused here, in main, whatever the renderer (or anything pretending to be it) sent.
 */
export function createDispatcher(
  handlers: MethodHandlers,
  logger: Logger,
  /** Maps the services' own error types to what crosses IPC (their field, code and request id kept). */
  translateError: (error: unknown) => IpcErrorData | undefined = () => undefined,
): Dispatch {
  // The handlers' type lists every method, but bundles are built without type checks: a method left unbound
  // stops the app at start, naming it, instead of failing the user's first call.
  const unbound = METHOD_NAMES.filter((name) => typeof handlers[name] !== 'function');
  if (unbound.length > 0) throw new Error(`IPC methods without a handler: ${unbound.join(', ')}`);
  return async (method, input) => {
    if (!isMethodName(method)) {
      return failure({
        code: 'UNKNOWN_METHOD',
        message: `Unknown method ${JSON.stringify(String(method))}.`,
      });
    }
    const schema: z.ZodType = ipcMethods[method].input;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      return failure(describeInvalidInput(method, parsed.error));
    }
    try {
      const handler = handlers[method] as (value: unknown) => unknown;
      return { ok: true, result: encodeResult(method, await handler(parsed.data)) };
    } catch (error) {
      if (error instanceof IpcError) return failure(error.data);
      const translated = translateError(error);
      if (translated) return failure(translated);
      logger.error(`Unexpected failure in ${method}`, error);
      return failure({
        code: 'INTERNAL',
        message: `Something went wrong in ${method}. Details are in the log.`,
      });
    }
  };
}

function failure(error: IpcErrorData): IpcResponse<never> {
  return { ok: false, error };
}

/** Names the first bad field and the rule it broke, e.g. `services.save: "url" must be an http:// or https:// URL`. */
function describeInvalidInput(method: string, error: z.ZodError): IpcErrorData {
  const issue = error.issues[0];
  if (!issue) return { code: 'INVALID_INPUT', message: `${method}: invalid input.` };
  const field = issue.path.map(String).join('.');
  const subject = field === '' ? 'the input' : `"${field}"`;
  const rule =
    issue.code === 'unrecognized_keys' ? `has unexpected field(s): ${issue.keys.join(', ')}` : issue.message;
  return {
    code: 'INVALID_INPUT',
    message: `${method}: ${subject} ${rule}`,
    ...(field === '' ? {} : { field }),
  };
}
