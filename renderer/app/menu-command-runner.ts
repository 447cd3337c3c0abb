import type { MenuCommand } from '../../common/ipc/menu-commands.js';
import type { NavigationState } from '../stores/navigation-store.js';

const isMac = (): boolean => /mac/i.test(navigator.platform);

interface KeyPress {
  key: string;
  mod?: boolean;
  shift?: boolean;
}

/** The shortcut each menu command stands for: the menu and the keyboard share one code path. */
const shortcutOf: Partial<Record<MenuCommand, KeyPress>> = {
  'new-project': { key: 'n', mod: true },
  undo: { key: 'z', mod: true },
  redo: { key: 'z', mod: true, shift: true },
  generate: { key: 'g', mod: true },
  play: { key: ' ' },
  export: { key: 'e', mod: true },
  shortcuts: { key: 'F1' },
};

function press({ key, mod = false, shift = false }: KeyPress): void {
  const mac = isMac();
  const target = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
  target.dispatchEvent(
    new KeyboardEvent('keydown', {
      key,
      ctrlKey: mod && !mac,
      metaKey: mod && mac,
      shiftKey: shift,
      bubbles: true,
      cancelable: true,
    }),
  );
}

function clickWhenShown(testId: string): void {
  // The page may have just been switched to: wait a frame for it to render its buttons.
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>(`[data-testid="${testId}"]`)?.click();
  });
}

/** Runs a command chosen in the native menu (Electron shell). */
export function runMenuCommand(navigation: Pick<NavigationState, 'goTo'>, command: MenuCommand): void {
  const { goTo } = navigation;
  switch (command) {
    case 'settings':
      goTo('settings');
      return;
    case 'new-project':
      goTo('projects');
      requestAnimationFrame(() => press({ key: 'n', mod: true }));
      return;
    case 'import-text':
      goTo('projects');
      clickWhenShown('import-text');
      return;
    case 'close-project':
      clickWhenShown('editor-close');
      return;
    case 'undo':
    case 'redo':
    case 'generate':
    case 'play':
    case 'export':
    case 'shortcuts': {
      const shortcut = shortcutOf[command];
      if (shortcut) press(shortcut);
      return;
    }
    default: {
      const exhaustive: never = command;
      throw new Error(`Unknown menu command ${String(exhaustive)}`);
    }
  }
}
