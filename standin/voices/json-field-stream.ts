import { StringDecoder } from 'node:string_decoder';
import { badRequest } from '../http/service-error.js';

/** Receives the content of one top-level string value, unescaped, piece by piece. */
export interface StringSink {
  write(piece: string): Promise<void>;
  end(): Promise<void>;
}

export interface FieldStreamOptions {
  /** Returns a sink for top-level string fields that must be streamed (e.g. data URLs), else undefined. */
  sinkFor(key: string): StringSink | undefined;
  /** Bound on every other value's raw JSON text; a larger one is a 400. */
  maxValueBytes: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

type State =
  | 'start'
  | 'key-or-end'
  | 'key-start'
  | 'key'
  | 'colon'
  | 'value'
  | 'streamed'
  | 'small'
  | 'comma-or-end'
  | 'done';

/**
 * Parses a JSON object body as a stream, so a field holding a 100 MB data URL is never in memory as a whole:
 * chosen top-level string fields go to sinks as they arrive, every other value is collected (bounded) and parsed
 * with JSON.parse. Only the top level is streamed; nested values are ordinary JSON. Malformed JSON is a 400.
 */
export class JsonFieldStream {
  private state: State = 'start';
  private readonly fields: Record<string, unknown> = {};
  private key = '';
  private raw: number[] = [];
  private smallDepth = 0;
  private smallInString = false;
  private smallEscaped = false;
  private sink: StringSink | undefined;
  private decoder = new StringDecoder('utf8');
  private pendingEscape = '';
  private readonly queued: (() => Promise<void>)[] = [];

  constructor(private readonly options: FieldStreamOptions) {}

  async push(chunk: Buffer): Promise<void> {
    let i = 0;
    while (i < chunk.length) i = this.step(chunk, i);
    for (const task of this.queued.splice(0)) await task();
  }

  /** Ends the stream and returns the collected (non-streamed) fields. */
  async end(): Promise<Record<string, unknown>> {
    if (this.state === 'small' && this.smallDepth === 0 && !this.smallInString) this.finishSmall();
    if (this.state !== 'done')
      throw badRequest('body is not valid JSON: it ends before the object is closed');
    return this.fields;
  }

  private step(chunk: Buffer, i: number): number {
    const byte = chunk[i] ?? 0;
    const isSpace = byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
    switch (this.state) {
      case 'start':
        if (isSpace) return i + 1;
        if (byte !== 0x7b) throw badRequest('body must be a JSON object');
        this.state = 'key-or-end';
        return i + 1;
      case 'key-or-end':
      case 'key-start':
        if (isSpace) return i + 1;
        // `}` closes an empty object only; after a comma a field name must follow.
        if (byte === 0x7d && this.state === 'key-or-end') {
          this.state = 'done';
          return i + 1;
        }
        if (byte !== QUOTE) throw badRequest('body is not valid JSON: expected a field name');
        this.raw = [QUOTE];
        this.smallEscaped = false;
        this.state = 'key';
        return i + 1;
      case 'key':
        this.collect(byte);
        if (this.smallEscaped) this.smallEscaped = false;
        else if (byte === BACKSLASH) this.smallEscaped = true;
        else if (byte === QUOTE) {
          this.key = this.parseRaw() as string;
          this.state = 'colon';
        }
        return i + 1;
      case 'colon':
        if (isSpace) return i + 1;
        if (byte !== 0x3a) throw badRequest(`body is not valid JSON: expected ':' after "${this.key}"`);
        this.state = 'value';
        return i + 1;
      case 'value': {
        if (isSpace) return i + 1;
        const sink = byte === QUOTE ? this.options.sinkFor(this.key) : undefined;
        if (sink) {
          this.sink = sink;
          this.decoder = new StringDecoder('utf8');
          this.pendingEscape = '';
          this.state = 'streamed';
          return i + 1;
        }
        this.raw = [];
        this.smallDepth = 0;
        this.smallInString = false;
        this.smallEscaped = false;
        this.state = 'small';
        return i;
      }
      case 'streamed':
        return this.stepStreamed(chunk, i);
      case 'small':
        return this.stepSmall(byte, i);
      case 'comma-or-end':
        if (isSpace) return i + 1;
        if (byte === 0x2c) this.state = 'key-start';
        else if (byte === 0x7d) this.state = 'done';
        else throw badRequest(`body is not valid JSON: unexpected character after "${this.key}"`);
        return i + 1;
      case 'done':
        if (isSpace) return i + 1;
        throw badRequest('body is not valid JSON: text after the closing brace');
    }
  }

  /** Inside a streamed string: hand plain runs to the sink in one piece, decode escapes one by one. */
  private stepStreamed(chunk: Buffer, i: number): number {
    const sink = this.sink;
    if (!sink) throw new Error('streamed string without a sink');
    if (this.pendingEscape !== '') {
      this.pendingEscape += String.fromCharCode(chunk[i] ?? 0);
      const complete = this.pendingEscape.startsWith('\\u')
        ? this.pendingEscape.length === 6
        : this.pendingEscape.length === 2;
      if (complete) {
        let decoded: string;
        try {
          decoded = JSON.parse(`"${this.pendingEscape}"`) as string;
        } catch {
          throw badRequest(`body is not valid JSON: bad escape in "${this.key}"`);
        }
        this.pendingEscape = '';
        this.queued.push(() => sink.write(decoded));
      }
      return i + 1;
    }
    const quote = chunk.indexOf(QUOTE, i);
    const backslash = chunk.indexOf(BACKSLASH, i);
    const stop = [quote, backslash]
      .filter((index) => index !== -1)
      .reduce((a, b) => Math.min(a, b), chunk.length);
    if (stop > i) {
      const piece = this.decoder.write(chunk.subarray(i, stop));
      if (piece !== '') this.queued.push(() => sink.write(piece));
    }
    if (stop === chunk.length) return stop;
    if (stop === backslash) {
      this.pendingEscape = '\\';
      return stop + 1;
    }
    const rest = this.decoder.end();
    if (rest !== '') this.queued.push(() => sink.write(rest));
    this.queued.push(() => sink.end());
    this.sink = undefined;
    this.state = 'comma-or-end';
    return stop + 1;
  }

  private stepSmall(byte: number, i: number): number {
    if (this.smallInString) {
      this.collect(byte);
      if (this.smallEscaped) this.smallEscaped = false;
      else if (byte === BACKSLASH) this.smallEscaped = true;
      else if (byte === QUOTE) {
        this.smallInString = false;
        if (this.smallDepth === 0) this.finishSmall();
      }
      return i + 1;
    }
    const endsPrimitive =
      byte === 0x2c || byte === 0x7d || byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
    if (this.smallDepth === 0 && endsPrimitive) {
      if (this.raw.length === 0) throw badRequest(`body is not valid JSON: "${this.key}" has no value`);
      this.finishSmall();
      return i;
    }
    this.collect(byte);
    if (byte === QUOTE) this.smallInString = true;
    else if (byte === 0x7b || byte === 0x5b) this.smallDepth += 1;
    else if (byte === 0x7d || byte === 0x5d) {
      this.smallDepth -= 1;
      if (this.smallDepth === 0) this.finishSmall();
      else if (this.smallDepth < 0) throw badRequest('body is not valid JSON: unbalanced brackets');
    }
    return i + 1;
  }

  private finishSmall(): void {
    this.fields[this.key] = this.parseRaw();
    this.state = 'comma-or-end';
  }

  private collect(byte: number): void {
    if (this.raw.length >= this.options.maxValueBytes) {
      throw badRequest(`field "${this.key}" must be at most ${this.options.maxValueBytes} bytes of JSON`);
    }
    this.raw.push(byte);
  }

  private parseRaw(): unknown {
    const text = Buffer.from(this.raw).toString('utf8');
    this.raw = [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badRequest(`body is not valid JSON near ${JSON.stringify(text.slice(0, 40))}`);
    }
  }
}
