/** Takes the rendered mix chunk by chunk (planar float, −1…1) and writes it in an output format. */
export interface AudioEncoder {
  write(planar: readonly Float32Array[], frames: number): void;
  /** Writes what the format needs at the end (trailing frames, patched header). */
  finish(): void;
}
