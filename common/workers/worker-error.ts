/**
 * An error as it crosses a worker boundary. Structured cloning keeps neither an error's class nor its own fields
 * (an IpcError's code and field, a MissingSourcesError's keys), so an error travels as plain data: its name, its
 * message and its own serialisable fields; the receiving side rebuilds the class it knows by name.
 */
export interface WorkerError {
  readonly name: string;
  readonly message: string;
  /** The error's own enumerable fields (e.g. IpcError's `data`), when it has any (undefined as zod parses it). */
  readonly fields?: Readonly<Record<string, unknown>> | undefined;
}

/** The plain-data form of anything thrown. */
export function toWorkerError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = Object.fromEntries(
    Object.entries(error).filter(
      ([key, value]) => key !== 'name' && key !== 'message' && key !== 'stack' && isPlainData(value),
    ),
  );
  return {
    name: error.name,
    message: error.message,
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

/**
 * Whether a value survives structured cloning as it is (a field that would not is left out, not failed on).
 * Undefined does: an IpcError's data with `requestId: undefined` travels whole rather than losing its code.
 */
function isPlainData(value: unknown): boolean {
  if (value === null || ['undefined', 'string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every(isPlainData);
}

/**
 * Rebuilds an error of a class the receiver knows by its name; any other is an Error with the name, the message and
 * the fields it carried (Node's `code: 'ENOSPC'` still says what went wrong).
 */
export type ErrorRevivers = Readonly<Record<string, (error: WorkerError) => Error>>;

export function fromWorkerError(error: WorkerError, revivers: ErrorRevivers = {}): Error {
  const revive = Object.hasOwn(revivers, error.name) ? revivers[error.name] : undefined;
  if (revive) return revive(error);
  const rebuilt = new Error(error.message);
  rebuilt.name = error.name;
  for (const [key, value] of Object.entries(error.fields ?? {})) {
    // Defined, not assigned: a field named `__proto__` stays a field, and name, message and stack are the error's.
    if (!Object.hasOwn(rebuilt, key) && key !== 'name') {
      Object.defineProperty(rebuilt, key, { value, enumerable: true, writable: true, configurable: true });
    }
  }
  return rebuilt;
}
