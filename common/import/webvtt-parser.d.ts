/** The parts of webvtt-parser (W3C's WebVTT parser and validator, CC0-1.0) the subtitle import uses. */
declare module 'webvtt-parser' {
  /** A node of a cue's text: text, an in-cue timestamp, or a tag (`<v Name>`, `<i>`, `<c.class>`…). */
  export type WebVttNode =
    | { type: 'text'; value: string }
    | { type: 'timestamp'; value: number }
    | { type: 'object'; name: string; classes: string[]; value?: string; children: WebVttNode[] };

  export interface WebVttCue {
    id: string;
    /** Seconds. */
    startTime: number;
    endTime: number;
    text: string;
    tree: { children: WebVttNode[] };
  }

  export interface WebVttError {
    message: string;
    /** 1 first. */
    line: number;
    col?: number;
  }

  export class WebVTTParser {
    constructor(entities?: Record<string, string>);
    parse(
      input: string,
      mode?: 'metadata' | 'chapters',
    ): { cues: WebVttCue[]; errors: WebVttError[]; styles: string[] };
  }

  export class WebVTTCueTimingsAndSettingsParser {
    constructor(line: string, onError: (message: string, column: number) => void);
    /** Fills `cue` in; true when the timings parsed (settings may still have errors), else undefined. */
    parse(cue: { startTime?: number; endTime?: number }, previousCueStart: number): true | undefined;
  }

  // The package is CommonJS that assigns its classes inside a function, which Node's ESM loader cannot see as named
  // exports: it is imported whole, as its default.
  const webvtt: {
    WebVTTParser: typeof WebVTTParser;
    WebVTTCueTimingsAndSettingsParser: typeof WebVTTCueTimingsAndSettingsParser;
  };
  // eslint-disable-next-line no-restricted-syntax -- describes a third-party module's shape, not ours.
  export default webvtt;
}
