import { z } from 'zod';
import type { CommandId, CommandScope, CommandSpec } from './command-list.js';
import { COMMANDS, commandSpec, defaultKeysOf, hasFixedKeys, isCommandId } from './command-list.js';
import {
  canonicalCombo,
  comboLabel,
  comboProblem,
  hasCommandModifier,
  isFunctionKey,
  keyOfCombo,
} from './key-combo.js';
import { systemUseOfKey } from './system-keys.js';

/*
 * The keys the user gave commands in Settings, over the defaults of command-list.ts. Main validates and keeps
 * them (settings.json); the renderer's dispatcher, palette and F1 list and main's native menu all read the keys
 * through keysOf, so a change shows everywhere at once.
 */

const MAX_KEYS_PER_COMMAND = 4;
const MAX_COMBO_LENGTH = 40;

/**
 * A command's keys as settings.json keeps them: at most MAX_KEYS_PER_COMMAND well-formed combos. The id is not
 * checked against this version's commands, so keys a newer version wrote for its own commands survive.
 */
function isStoredEntry(id: string, keys: unknown): keys is string[] {
  return (
    id.length <= 100 &&
    Array.isArray(keys) &&
    keys.length <= MAX_KEYS_PER_COMMAND &&
    keys.every(
      (combo) =>
        typeof combo === 'string' && combo.length <= MAX_COMBO_LENGTH && comboProblem(combo) === null,
    )
  );
}

/**
 * The stored bindings worth keeping, and a sentence for each entry left out. One bad entry (hand-edited, or from
 * another version) costs only that command's keys, which go back to their defaults: never the settings file.
 */
export function readKeyBindings(stored: unknown): { bindings: Record<string, string[]>; dropped: string[] } {
  if (stored === undefined) return { bindings: {}, dropped: [] };
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    return {
      bindings: {},
      dropped: ['"keyBindings" is not a map of command ids to keys; every command has its default keys.'],
    };
  }
  const bindings: Record<string, string[]> = {};
  const dropped: string[] = [];
  for (const [id, keys] of Object.entries(stored)) {
    if (isStoredEntry(id, keys)) {
      bindings[id] = [...keys];
    } else {
      dropped.push(
        `The keys saved for "${id.slice(0, 100)}" are not a list of at most ${MAX_KEYS_PER_COMMAND} key combinations; it has its default keys.`,
      );
    }
  }
  return { bindings, dropped };
}

/**
 * As stored: command id → its keys. Loading is lenient (an id an older or newer version wrote is kept and ignored,
 * a malformed entry is dropped: never a reason to throw the settings file away); changes go through
 * keyBindingChangeSchema.
 */
export const keyBindingsSchema = z.unknown().transform((stored) => readKeyBindings(stored).bindings);
export type KeyBindings = z.infer<typeof keyBindingsSchema>;

/** One change from Settings: the command's new keys, or null to give it back its default keys. */
export const keyBindingChangeSchema = z
  .object({
    commandId: z.string().refine(isCommandId, 'must be the id of one of the app’s commands'),
    keys: z
      .array(
        z
          .string()
          .min(1, 'must not be empty')
          .max(MAX_COMBO_LENGTH, `must be at most ${MAX_COMBO_LENGTH} characters`),
      )
      .min(1, 'must name at least one key (or be null to reset)')
      .max(MAX_KEYS_PER_COMMAND, `must name at most ${MAX_KEYS_PER_COMMAND} keys`)
      .nullable(),
  })
  .strict();
export type KeyBindingChange = z.infer<typeof keyBindingChangeSchema>;

/** A command's keys: the user's, else its defaults on this platform. */
export function keysOf(id: CommandId, bindings: KeyBindings, mac: boolean): readonly string[] {
  const spec = commandSpec(id);
  // Keys stored for a command whose keys are fixed (by hand, or by an older version) are ignored.
  return (hasFixedKeys(spec) ? undefined : bindings[id]) ?? defaultKeysOf(spec, mac);
}

/** Whether two commands can act at the same moment (so may not share a key). */
function scopesMeet(a: CommandScope, b: CommandScope): boolean {
  return a === b || a === 'app' || b === 'app';
}

/** The command that already answers this key where `id` acts, if any. */
export function commandWithKey(
  id: CommandId,
  combo: string,
  bindings: KeyBindings,
  mac: boolean,
): CommandSpec | undefined {
  const scope = commandSpec(id).scope;
  const wanted = canonicalCombo(combo);
  return COMMANDS.find(
    (other) =>
      other.id !== id &&
      scopesMeet(scope, other.scope) &&
      keysOf(other.id, bindings, mac).some((key) => canonicalCombo(key) === wanted),
  );
}

// Text boxes select, copy, cut and paste with these everywhere in the app.
const textEditingKeys = new Set(['Mod+A', 'Mod+C', 'Mod+X', 'Mod+V']);

/** The rule a key breaks as a command's new key, or null. A command may always have its own defaults back. */
function reservedKeyProblem(spec: CommandSpec, combo: string, mac: boolean): string | null {
  const canonical = canonicalCombo(combo);
  if (defaultKeysOf(spec, mac).some((key) => canonicalCombo(key) === canonical)) return null;
  const label = comboLabel(combo, mac);
  const key = keyOfCombo(combo);
  if (key === 'Tab') return `${label} is kept for moving between controls.`;
  if (key === 'Escape') return `${label} is kept for closing dialogs and leaving text boxes.`;
  if (textEditingKeys.has(canonical)) return `${label} is kept for editing text in text boxes.`;
  const systemUse = systemUseOfKey(combo, mac);
  if (systemUse !== null) return `${label} ${systemUse}, so it cannot be a command’s key.`;
  if (!hasCommandModifier(combo) && !isFunctionKey(combo)) {
    return `${label} types into text boxes: a shortcut needs ${mac ? 'Cmd' : 'Ctrl'} or ${mac ? 'Option' : 'Alt'} with its key, or a function key (F1–F24).`;
  }
  return null;
}

/**
 * Why a change is refused, for the user: INVALID_INPUT when a key is malformed, listed twice, kept for the system
 * or for text boxes; CONFLICT only when another command already has it.
 */
export interface KeyBindingProblem {
  code: 'INVALID_INPUT' | 'CONFLICT';
  message: string;
}

/** Why a command may not take these keys (a malformed or reserved key, a key another command has), or null. */
function keyBindingProblem(
  id: CommandId,
  keys: readonly string[],
  bindings: KeyBindings,
  mac: boolean,
): KeyBindingProblem | null {
  const invalid = (message: string): KeyBindingProblem => ({ code: 'INVALID_INPUT', message });
  const spec = commandSpec(id);
  if (spec.viaClipboardEvent === true)
    return invalid(`"${spec.title}" keeps the system's keys; they cannot be changed.`);
  if (hasFixedKeys(spec)) {
    const own = defaultKeysOf(spec, mac).map((key) => comboLabel(key, mac));
    return invalid(`"${spec.title}" keeps ${own.join(', ')}, which every text box and dialog relies on.`);
  }
  for (const combo of keys) {
    const malformed = comboProblem(combo);
    if (malformed !== null) return invalid(malformed);
  }
  const seen = new Set<string>();
  for (const combo of keys) {
    const canonical = canonicalCombo(combo);
    if (seen.has(canonical)) return invalid(`${comboLabel(combo, mac)} is listed twice.`);
    seen.add(canonical);
    const reserved = reservedKeyProblem(spec, combo, mac);
    if (reserved !== null) return invalid(reserved);
    const other = commandWithKey(id, combo, bindings, mac);
    if (other !== undefined) {
      return { code: 'CONFLICT', message: `${comboLabel(combo, mac)} is already "${other.title}".` };
    }
  }
  return null;
}

/** Why this change may not be made, or null: new keys are checked, and so are the defaults a reset gives back. */
export function keyBindingChangeProblem(
  change: KeyBindingChange,
  bindings: KeyBindings,
  mac: boolean,
): KeyBindingProblem | null {
  const spec = commandSpec(change.commandId);
  if (change.keys === null && hasFixedKeys(spec)) return null;
  const keys = change.keys ?? defaultKeysOf(spec, mac);
  const others = withKeyBinding(bindings, { commandId: change.commandId, keys: null });
  return keyBindingProblem(change.commandId, keys, others, mac);
}

/** The bindings after a change; a reset (null) drops the command's entry, so later default changes reach it. */
export function withKeyBinding(bindings: KeyBindings, change: KeyBindingChange): KeyBindings {
  const next = { ...bindings };
  if (change.keys === null) delete next[change.commandId];
  else next[change.commandId] = [...change.keys];
  return next;
}
