import { randomBytes } from 'node:crypto';
import { IpcError } from '../../common/ipc/errors.js';
import type { ChooserKind } from '../../common/ipc/files-methods.js';
import type { ChosenPlace } from '../platform/platform.js';

/** A chooser nobody answers ends on its own (no grant), so an abandoned window leaves nothing waiting. */
const CHOICE_LIFETIME_MS = 30 * 60 * 1000;

interface PendingChoice {
  kind: ChooserKind;
  initialPath: string;
  answer: Promise<ChosenPlace | null>;
  settle(place: ChosenPlace | null): void;
  timer: NodeJS.Timeout;
}

/**
 * The choices the browser shell's chooser has open, each under a random one-time id (24 random bytes). The id
 * lets the chooser page read its choice and answer it; the answer settles it once, and it is then forgotten.
 */
export class PendingChoices {
  private readonly choices = new Map<string, PendingChoice>();

  open(kind: ChooserKind, initialPath: string): string {
    const choiceId = randomBytes(24).toString('base64url');
    let settle: (place: ChosenPlace | null) => void = () => undefined;
    const answer = new Promise<ChosenPlace | null>((resolve) => {
      settle = resolve;
    });
    const timer = setTimeout(() => this.settle(choiceId, null), CHOICE_LIFETIME_MS);
    timer.unref();
    this.choices.set(choiceId, { kind, initialPath, answer, settle, timer });
    return choiceId;
  }

  /** What the chooser page shows for an open choice; undefined for an unknown or answered one. */
  describe(choiceId: string): { kind: ChooserKind; initialPath: string } | undefined {
    const choice = this.choices.get(choiceId);
    return choice && { kind: choice.kind, initialPath: choice.initialPath };
  }

  answer(choiceId: string): Promise<ChosenPlace | null> {
    const choice = this.choices.get(choiceId);
    if (!choice) {
      throw new IpcError({
        code: 'NOT_FOUND',
        field: 'choiceId',
        message: 'This choice has already ended (it was answered, cancelled or expired). Choose again.',
      });
    }
    return choice.answer;
  }

  /** The user picked `path` (of the kind main asked for), or cancelled with null. False if not open. */
  settle(choiceId: string, path: string | null): boolean {
    const choice = this.choices.get(choiceId);
    if (!choice) return false;
    this.choices.delete(choiceId);
    clearTimeout(choice.timer);
    choice.settle(path === null ? null : { kind: choice.kind, path });
    return true;
  }

  /** Ends every open choice with no pick (the shell is closing). */
  closeAll(): void {
    for (const choiceId of [...this.choices.keys()]) this.settle(choiceId, null);
  }
}
