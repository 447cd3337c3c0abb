/*
 * The system clipboard for blocks. Keyboard copy/cut/paste go through the DOM clipboard events, which may write
 * and read the clipboard without a permission (Electron grants none but the microphone). The toolbar buttons
 * have no such event, so they use the async Clipboard API and fall back to the last blocks copied in this
 * window when reading is not allowed.
 */

let lastCopied: string | null = null;

export function rememberCopied(text: string): void {
  lastCopied = text;
}

export async function writeClipboard(text: string): Promise<void> {
  lastCopied = text;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Not allowed here: pasting in this window still works from lastCopied.
  }
}

export async function readClipboard(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText();
  } catch {
    return lastCopied;
  }
}
