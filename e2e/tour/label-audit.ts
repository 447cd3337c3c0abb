import type { Page } from '@playwright/test';

/**
 * Controls on screen without a label a sighted user can read: a text box, list or slider needs a `<label>` (for
 * it, or around it) or `aria-labelledby` pointing at text that is visible; a placeholder or an `aria-label` alone
 * does not count, as a placeholder goes away on typing and an `aria-label` is never seen. A button needs visible
 * text (a glyph such as ▶ counts: its tooltip and accessible name say the rest). One line per control, naming its
 * test id or accessible name.
 */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const visible = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none';
    };
    // textContent, not innerText: a panel scrolled out of view (content-visibility) has no innerText.
    const visibleText = (element: Element): string =>
      visible(element) ? (element.textContent ?? '').trim() : '';
    const describe = (element: Element): string =>
      element.getAttribute('data-testid') ??
      element.getAttribute('aria-label') ??
      element.getAttribute('placeholder') ??
      element.outerHTML.slice(0, 80);
    const problems: string[] = [];
    for (const control of document.querySelectorAll('input, select, textarea, button')) {
      if (!visible(control)) continue;
      if (control instanceof HTMLInputElement && (control.type === 'hidden' || control.type === 'file'))
        continue;
      if (control instanceof HTMLButtonElement) {
        if (visibleText(control) === '') problems.push(`button ${describe(control)}: no visible text`);
        continue;
      }
      const labels =
        control instanceof HTMLInputElement ||
        control instanceof HTMLSelectElement ||
        control instanceof HTMLTextAreaElement
          ? [...(control.labels ?? [])]
          : [];
      const labelledBy = (control.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .filter((id) => id !== '')
        .map((id) => document.getElementById(id))
        .filter((element): element is HTMLElement => element !== null);
      // A label's own text, not the control inside it (a select's options would otherwise count).
      const labelText = (label: HTMLElement): string => {
        const copy = label.cloneNode(true) as HTMLElement;
        for (const inner of copy.querySelectorAll('input, select, textarea')) inner.remove();
        return visible(label) ? (copy.textContent ?? '').trim() : '';
      };
      if (![...labels, ...labelledBy].some((label) => labelText(label) !== '')) {
        problems.push(`${control.tagName.toLowerCase()} ${describe(control)}: no visible label`);
      }
    }
    return problems;
  });
}
