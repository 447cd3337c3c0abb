export interface WasmKernel {
  readonly source: string;
  readonly output: string;
  readonly exportName: string;
}
export const wasmKernels: readonly WasmKernel[];
export function assembleKernel(kernel: WasmKernel): Promise<string>;
export function buildWasmKernels(): Promise<void>;
