import type { z } from 'zod';

/** A request method: its input is validated by main with `input`; `result` only carries the result type. */
export interface MethodSpec<Input extends z.ZodType, Result> {
  readonly input: Input;
  readonly result?: Result;
}

/** An event main sends to the renderer; `payload` only carries the payload type. */
export interface EventSpec<Payload> {
  readonly payload?: Payload;
}

export function method<Result>() {
  return <Input extends z.ZodType>(input: Input): MethodSpec<Input, Result> => ({ input });
}
