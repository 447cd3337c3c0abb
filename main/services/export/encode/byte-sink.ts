/** Where an encoder's bytes go: a staged file, or one entry of a zip being written. */
export interface ByteSink {
  write(bytes: Uint8Array): void;
  /** Overwrites bytes already written, at a position counted from the start of this sink. */
  writeAt(bytes: Uint8Array, position: number): void;
}
