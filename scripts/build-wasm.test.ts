import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assembleKernel, wasmKernels } from './build-wasm.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

describe('WebAssembly kernels', () => {
  it.each(wasmKernels.map((kernel) => [kernel.source, kernel] as const))(
    '%s assembles, and the module the code imports is built from it as it is now',
    async (_source, kernel) => {
      const assembled = await assembleKernel(kernel);
      expect(assembled).toContain(`export const ${kernel.exportName} =`);
      const generated = await readFile(path.join(root, kernel.output), 'utf8');
      expect(generated, 'stale: run `node scripts/build-wasm.mjs`').toBe(assembled);
    },
  );
});
