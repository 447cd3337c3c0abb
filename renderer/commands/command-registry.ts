import type { CommandId, CommandScope, CommandSpec } from '../../common/commands/command-list.js';
import { COMMANDS, commandSpec, defaultKeysOf } from '../../common/commands/command-list.js';
import type { KeyBindings } from '../../common/commands/key-bindings.js';
import { keysOf } from '../../common/commands/key-bindings.js';
import { matchesCombo } from '../../common/commands/key-combo.js';
import { listen } from '../shared/listeners.js';
import { isMacPlatform, isTextField } from './key-targets.js';

/** How a command was asked for: a key press carries its target (a split acts at that text box's cursor). */
export interface CommandInvocation {
  source: 'key' | 'menu' | 'palette';
  target: EventTarget | null;
  /** A held key repeating (Generate asks once, not once per repeat). */
  repeat: boolean;
}

/** What a view that can run a command gives the registry while it is shown. */
export interface CommandHandler {
  run(invocation: CommandInvocation): void;
  /**
   * Why it cannot run now (the palette shows it greyed with this), or null. Keys still reach `run`, which explains
   * itself as before (a notice), so a key press never goes silently nowhere.
   */
  unavailable?(): string | null;
  /** Whether a key press is this handler's to take (Enter on a button is the button's). */
  acceptsKey?(event: KeyboardEvent): boolean;
}

export type CommandHandlers = Partial<Record<CommandId, CommandHandler>>;

/** A command as the palette, F1's list and Settings show it. */
export interface CommandEntry {
  spec: CommandSpec;
  keys: readonly string[];
  defaultKeys: readonly string[];
  /** Whether a view shown now (or the app) offers it. */
  offered: boolean;
  /** Null when it can run now; else why not. */
  unavailableReason: string | null;
}

/** Why a command of this scope cannot run while no shown view offers it. */
export type UnshownReason = (scope: CommandScope) => string;

// Without the app's knowledge of where the user is (a bare registry in tests).
const notShownReasons: Record<CommandScope, string> = {
  app: 'Not available here.',
  editor: 'Open a project first.',
  library: 'Only on the project list.',
};
const defaultUnshownReason: UnshownReason = (scope) => notShownReasons[scope];

/**
 * The renderer's half of the command registry (VS Code's CommandsRegistry): the specs of common/commands with the
 * handlers the shown views register, the user's keys, and the one keydown listener that turns a key press into a
 * command. The native menu and the palette run commands by id through `run`; nothing dispatches synthetic keys.
 */
export class CommandRegistry {
  private readonly handlers = new Map<CommandId, CommandHandler[]>();
  private bindings: KeyBindings = {};
  private readonly subscribers = new Set<() => void>();
  private readonly beforeRuns = new Set<() => void>();
  private revision = 0;
  private registrations = 0;
  private stopListening: (() => void) | null = null;
  private unshownReason: UnshownReason = defaultUnshownReason;

  constructor(
    private readonly target: Window = window,
    readonly mac: boolean = isMacPlatform(),
  ) {}

  /**
   * Adds a view's handlers (the newest handler of a command is the one that runs, fallbacks after every other)
   * and returns what removes them.
   * The keydown listener exists while any handler does.
   */
  register(handlers: CommandHandlers, { fallback = false }: { fallback?: boolean } = {}): () => void {
    const added = Object.entries(handlers) as [CommandId, CommandHandler][];
    for (const [id, handler] of added) {
      const current = this.handlers.get(id) ?? [];
      // A fallback (the app's, mounted after the pages inside it) runs only when no view offers the command.
      this.handlers.set(id, fallback ? [handler, ...current] : [...current, handler]);
    }
    this.registrations += 1;
    this.stopListening ??= listen(this.target, 'keydown', (event) => this.dispatchKey(event));
    this.changed();
    return () => {
      for (const [id, handler] of added) {
        const remaining = (this.handlers.get(id) ?? []).filter((candidate) => candidate !== handler);
        if (remaining.length === 0) this.handlers.delete(id);
        else this.handlers.set(id, remaining);
      }
      this.registrations -= 1;
      if (this.registrations === 0) {
        this.stopListening?.();
        this.stopListening = null;
      }
      this.changed();
    };
  }

  /**
   * Runs `prepare` before every command, whatever started it (a key, the menu, the palette), and returns what
   * removes it: the editor commits the typing it holds for a frame, so a command reads the text as typed.
   */
  beforeEachRun(prepare: () => void): () => void {
    this.beforeRuns.add(prepare);
    return () => this.beforeRuns.delete(prepare);
  }

  setKeyBindings(bindings: KeyBindings): void {
    this.bindings = bindings;
    this.changed();
  }

  /**
   * How the app says why a command no shown view offers cannot run (a project open on another page is not "no
   * project"); null goes back to the plain reasons.
   */
  explainUnshown(reason: UnshownReason | null): void {
    this.unshownReason = reason ?? defaultUnshownReason;
    this.changed();
  }

  keysOf(id: CommandId): readonly string[] {
    return keysOf(id, this.bindings, this.mac);
  }

  /** The handler that runs the command now (the newest registered), if a shown view offers it. */
  handlerOf(id: CommandId): CommandHandler | undefined {
    return this.handlers.get(id)?.at(-1);
  }

  /** Runs a command by id; false when no shown view offers it, or the menu may not run it now. */
  run(id: CommandId, invocation: Partial<CommandInvocation> = {}): boolean {
    const handler = this.handlerOf(id);
    if (handler === undefined) return false;
    const full: CommandInvocation = { source: 'palette', target: null, repeat: false, ...invocation };
    if (full.source === 'menu' && this.menuMayNotRun(commandSpec(id), full.target)) return false;
    this.prepareRun();
    handler.run(full);
    return true;
  }

  /**
   * Keys pressed in a dialog stay in it (Dialog stops them), but the native menu, and its accelerators for keys
   * the page did not take, reach the registry anyway: the menu must keep the same rules the keys do.
   */
  private menuMayNotRun(spec: CommandSpec, target: EventTarget | null): boolean {
    // A modal dialog (export, import, charge-twice, F1's list, the palette) is in front of the editor and the
    // project list: their commands wait until it closes. The app's own (pages, New project) still go.
    if (spec.scope !== 'app' && this.modalOpen()) return true;
    // A key declined in a text box (Space typed there) may be the menu item's accelerator: it stays the box's.
    return isTextField(target) && !spec.inTextFields;
  }

  private modalOpen(): boolean {
    return this.target.document.querySelector('[aria-modal="true"]') !== null;
  }

  /** Every command with its keys and whether it can run now, in the registry's order. */
  entries(): CommandEntry[] {
    return COMMANDS.map((spec) => {
      const handler = this.handlerOf(spec.id);
      return {
        spec,
        keys: this.keysOf(spec.id),
        defaultKeys: defaultKeysOf(spec, this.mac),
        offered: handler !== undefined,
        unavailableReason:
          handler === undefined ? this.unshownReason(spec.scope) : (handler.unavailable?.() ?? null),
      };
    });
  }

  /** For useSyncExternalStore: called when handlers or keys change. */
  subscribe(subscriber: () => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  getRevision(): number {
    return this.revision;
  }

  /** The one keydown handler: the first command whose key this is, offered by a shown view, runs. */
  dispatchKey(event: KeyboardEvent): void {
    if (event.defaultPrevented || event.isComposing) return;
    const inText = isTextField(event.target);
    // A bare "+", "-" or "?" typed in a text box is a character, not a command.
    const bareCharacter = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    for (const spec of COMMANDS) {
      if ('viaClipboardEvent' in spec) continue;
      if (!this.keysOf(spec.id).some((combo) => matchesCombo(event, combo, this.mac))) continue;
      const handler = this.handlerOf(spec.id);
      if (handler === undefined) continue;
      if (inText && (!spec.inTextFields || bareCharacter)) continue;
      if (handler.acceptsKey !== undefined && !handler.acceptsKey(event)) continue;
      event.preventDefault();
      this.prepareRun();
      handler.run({ source: 'key', target: event.target, repeat: event.repeat });
      return;
    }
  }

  private prepareRun(): void {
    for (const prepare of this.beforeRuns) prepare();
  }

  private changed(): void {
    this.revision += 1;
    for (const subscriber of this.subscribers) subscriber();
  }
}
