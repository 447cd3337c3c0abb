import { simdResampleModuleBytes } from './simd-kernel-module.generated.js';

type ResampleExport = (
  input: number,
  output: number,
  coefficients: number,
  taps: number,
  phases: number,
  step: number,
  index: number,
  accumulator: number,
  count: number,
) => void;

/**
 * The part of the WebAssembly JS API used here. The project's Node typings (lib ES2023, no DOM) declare
 * the WebAssembly namespace without its constructors, so the global is described locally.
 */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmModule {
  readonly kind?: 'module';
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  readonly Module: new (bytes: Uint8Array) => WasmModule;
  readonly Instance: new (
    module: WasmModule,
    imports: Record<string, Record<string, unknown>>,
  ) => { readonly exports: Record<string, unknown> };
  readonly Memory: new (descriptor: { initial: number }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: WasmModule | null | undefined;

/** The compiled SIMD module, or null where WebAssembly SIMD is unavailable (the JavaScript loop is used). */
function simdModule(): WasmModule | null {
  if (compiled === undefined) {
    compiled = wasm.validate(simdResampleModuleBytes) ? new wasm.Module(simdResampleModuleBytes) : null;
  }
  return compiled ?? null;
}

export function simdAvailable(): boolean {
  return simdModule() !== null;
}

const PAGE_BYTES = 65536;

/**
 * One WebAssembly memory holding a resampler's filter table, its input history per channel and an
 * output area, with the SIMD loop bound to it. Views are re-created whenever the memory is replaced.
 */
export class SimdResampleWorkspace {
  private memory: WasmMemory;
  private resample: ResampleExport;
  private inputCapacity = 0;
  private outputCapacity = 0;
  inputs: Float32Array[] = [];
  output: Float32Array = new Float32Array(0);

  constructor(
    private readonly coefficients: Float32Array,
    private readonly channels: number,
    inputCapacity: number,
    outputCapacity: number,
  ) {
    const module = simdModule();
    if (!module) throw new Error('WebAssembly SIMD is not available');
    this.memory = new wasm.Memory({ initial: 1 });
    this.resample = this.bind(module, this.memory);
    this.layout(inputCapacity, outputCapacity, 0);
  }

  /** Makes room for `inputCapacity` input floats per channel and `outputCapacity` output floats, keeping `keep` input floats. */
  ensure(inputCapacity: number, outputCapacity: number, keep: number): void {
    if (inputCapacity <= this.inputCapacity && outputCapacity <= this.outputCapacity) return;
    this.layout(
      Math.max(inputCapacity, this.inputCapacity * 2),
      Math.max(outputCapacity, this.outputCapacity * 2),
      keep,
    );
  }

  /** Runs the loop for one channel; input position is in floats from the start of that channel's area. */
  run(
    channel: number,
    inputPosition: number,
    taps: number,
    phases: number,
    step: number,
    accumulator: number,
    count: number,
  ): void {
    const inputAddress = this.inputAddress(channel) + inputPosition * 4;
    this.resample(inputAddress, this.outputAddress(), 0, taps, phases, step, 0, accumulator, count);
  }

  private bind(module: WasmModule, memory: WasmMemory): ResampleExport {
    const instance = new wasm.Instance(module, { env: { memory } });
    return instance.exports.resample as ResampleExport;
  }

  private inputAddress(channel: number): number {
    return align(this.coefficients.length * 4) + channel * this.inputCapacity * 4;
  }

  private outputAddress(): number {
    return this.inputAddress(this.channels);
  }

  private layout(inputCapacity: number, outputCapacity: number, keep: number): void {
    const previous = this.inputs.map((view) => view.slice(0, keep));
    this.inputCapacity = inputCapacity;
    this.outputCapacity = outputCapacity;
    const bytes = this.outputAddress() + outputCapacity * 4;
    if (bytes > this.memory.buffer.byteLength) {
      const memory = new wasm.Memory({ initial: Math.ceil(bytes / PAGE_BYTES) });
      const module = simdModule();
      if (!module) throw new Error('WebAssembly SIMD is not available');
      this.resample = this.bind(module, memory);
      this.memory = memory;
    }
    new Float32Array(this.memory.buffer, 0, this.coefficients.length).set(this.coefficients);
    this.inputs = Array.from(
      { length: this.channels },
      (_, channel) => new Float32Array(this.memory.buffer, this.inputAddress(channel), inputCapacity),
    );
    previous.forEach((data, channel) => this.inputs[channel]?.set(data));
    this.output = new Float32Array(this.memory.buffer, this.outputAddress(), outputCapacity);
  }
}

function align(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
