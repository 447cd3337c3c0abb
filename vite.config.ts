import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer is one static bundle served by either shell (app:// in Electron, 127.0.0.1 in the browser shell).
export const rendererConfig = defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    target: 'chrome130',
    // A desktop app loads its bundle from disk, so one larger chunk costs nothing on the network.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./renderer/index.html', import.meta.url)),
        // The browser shell's file chooser, served by main on an origin of its own (main/browser/chooser-server.ts).
        chooser: fileURLToPath(new URL('./renderer/chooser.html', import.meta.url)),
      },
    },
  },
});

// Vite loads a config file's default export; the named export above is what the rest of the code imports.
export { rendererConfig as default };
