import { z } from 'zod';

const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

const defaultWindowSize = { width: 1280, height: 820 };
const minimumVisible = 120;

/**
 * The bounds to reopen the window with: the saved ones when enough of the title bar lands on a display that still
 * exists (a monitor may have been unplugged), else a default size centred on the primary display.
 */
export function restoreWindowBounds(
  saved: unknown,
  workAreas: readonly Rectangle[],
): Rectangle & { maximized: boolean } {
  const primary = workAreas[0] ?? { x: 0, y: 0, ...defaultWindowSize };
  const parsed = windowStateSchema.safeParse(saved);
  if (parsed.success) {
    const state = parsed.data;
    const width = Math.min(
      state.width,
      Math.max(...workAreas.map((area) => area.width), defaultWindowSize.width),
    );
    const height = Math.min(
      state.height,
      Math.max(...workAreas.map((area) => area.height), defaultWindowSize.height),
    );
    const titleBar = { x: state.x, y: state.y, width, height: 40 };
    if (workAreas.some((area) => overlap(titleBar, area) >= minimumVisible)) {
      return { x: state.x, y: state.y, width, height, maximized: state.maximized };
    }
  }
  const width = Math.min(defaultWindowSize.width, primary.width);
  const height = Math.min(defaultWindowSize.height, primary.height);
  return {
    x: Math.round(primary.x + (primary.width - width) / 2),
    y: Math.round(primary.y + (primary.height - height) / 2),
    width,
    height,
    maximized: false,
  };
}

function overlap(a: Rectangle, b: Rectangle): number {
  const horizontal = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const vertical = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return horizontal > 0 && vertical > 0 ? horizontal : 0;
}
