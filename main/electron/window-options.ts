import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowBounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

/**
 * The main window's options. Every security setting is spelled out rather than left to defaults, so a change of
 * Electron's defaults, or of this file, is caught by the test that reads them.
 */
export function buildWindowOptions(
  preloadPath: string,
  bounds: WindowBounds,
): BrowserWindowConstructorOptions {
  return {
    ...bounds,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Timbre Studio',
    backgroundColor: '#1e1f24',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: true,
      safeDialogs: true,
    },
  };
}
