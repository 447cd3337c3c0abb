/** Whether this renderer runs on macOS, where "Mod" is Cmd (Ctrl elsewhere). */
export function isMacPlatform(): boolean {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad/u.test(platform);
}

/**
 * Whether keys typed at this element belong to it (a text box, a list, a slider), so most shortcuts stay out of
 * its way.
 */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file'].includes(target.type);
  }
  return false;
}
