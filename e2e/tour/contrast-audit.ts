import type { Page } from '@playwright/test';

/**
 * Text on screen whose contrast with its background is under WCAG AA: 4.5:1, or 3:1 for large text (24 px, or
 * 18.66 px bold). The background is the nearest opaque one behind the text (translucent ones are blended onto
 * it). Disabled controls are exempt, as WCAG exempts inactive components. One line per distinct pair of colours
 * and element, naming a sample of the text.
 */
export function contrastProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const numbers = value.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
      // color-mix() computes to color(srgb r g b / a) with channels from 0 to 1.
      const scale = value.startsWith('color(') ? 255 : 1;
      return [
        (numbers[0] ?? 0) * scale,
        (numbers[1] ?? 0) * scale,
        (numbers[2] ?? 0) * scale,
        numbers[3] ?? 1,
      ];
    };
    const blend = (top: Rgba, bottom: Rgba): Rgba => {
      const alpha = top[3];
      return [
        top[0] * alpha + bottom[0] * (1 - alpha),
        top[1] * alpha + bottom[1] * (1 - alpha),
        top[2] * alpha + bottom[2] * (1 - alpha),
        1,
      ];
    };
    const luminance = ([r, g, b]: Rgba): number => {
      const channel = (value: number): number => {
        const s = value / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const background = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let current = element; current; current = current.parentElement) {
        const colour = parse(getComputedStyle(current).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      let result: Rgba = [255, 255, 255, 1];
      for (const layer of layers.reverse()) result = blend(layer, result);
      return result;
    };
    const seen = new Set<string>();
    const problems: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const element = node.parentElement;
      if (text === '' || !element) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.bottom < 0 || box.top > window.innerHeight) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      if (
        element.closest(
          'button:disabled, input:disabled, select:disabled, textarea:disabled, [aria-disabled="true"]',
        )
      )
        continue;
      const backdrop = background(element);
      const colour = blend(parse(style.color), backdrop);
      const [lighter, darker] = [luminance(colour), luminance(backdrop)].sort((a, b) => b - a) as [
        number,
        number,
      ];
      const ratio = (lighter + 0.05) / (darker + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const bold = Number(style.fontWeight) >= 700;
      const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
      if (ratio >= needed) continue;
      const key = `${style.color}|${backdrop.join(',')}|${element.tagName}.${element.className}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(
        `“${text.slice(0, 40)}” (${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0] ?? ''}) ${ratio.toFixed(2)}:1, needs ${needed}:1 — ${style.color} on rgb(${backdrop
          .slice(0, 3)
          .map(Math.round)
          .join(', ')})`,
      );
    }
    return problems;
  });
}
