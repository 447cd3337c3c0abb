/** Whether this renderer runs on macOS, where "Mod" is Cmd (Ctrl elsewhere). */
export function isMacPlatform(): boolean {
  const platform = typeof navigator === 'undefined' ? '' : navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad/u.test(platform);
}

/** Where a view's keys give way beyond the text boxes the registry already leaves alone. */
export interface TextFieldOptions {
  /**
   * Every form control counts, checkboxes and buttons included: for Space (Play), which toggles or presses the
   * control that has the focus.
   */
  anyInput?: boolean;
  /** Anything inside a dialog counts: the page under it (the project list) leaves the dialog its keys. */
  insideDialog?: boolean;
}

/**
 * Whether keys typed at this element belong to it (a text box, a list, a slider), so most shortcuts stay out of
 * its way; the options widen that for the views whose keys need more room (see TextFieldOptions).
 */
export function isTextField(target: EventTarget | null, options: TextFieldOptions = {}): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (options.insideDialog === true && target.closest('[role="dialog"]') !== null) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return (
      options.anyInput === true ||
      !['checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'file'].includes(target.type)
    );
  }
  return false;
}
