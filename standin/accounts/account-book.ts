import { randomUUID } from 'node:crypto';
import { ServiceError } from '../http/service-error.js';
import type { StateStore } from '../state/state-store.js';
import type { AccountState } from '../state/schema.js';
import type { AccountSeed } from './account-seed.js';

/**
 * Accounts and their money: credits are frozen when a task is accepted, deducted when it is generated and
 * unfrozen when it fails; professional-clone quota is consumed before a clone is created and refunded when a
 * later step fails.
 */
export class AccountBook {
  constructor(private readonly store: StateStore) {}

  /**
   * Makes the account list equal the seeds. Balances already persisted for a token are kept, so a restart does
   * not refill credits; plan and access always follow the seeds.
   */
  applySeeds(seeds: readonly AccountSeed[]): void {
    const persisted = new Map(this.store.state.accounts.map((account) => [account.token, account]));
    this.store.state.accounts = seeds.map((seed) => {
      const existing = persisted.get(seed.token);
      return {
        token: seed.token,
        userId: existing?.userId ?? randomUUID(),
        plan: seed.plan,
        credits: existing?.credits ?? seed.credits,
        frozenCredits: existing?.frozenCredits ?? 0,
        proCloneAccess: seed.proCloneAccess,
        proCloneQuota: existing?.proCloneQuota ?? seed.proCloneQuota,
      };
    });
    this.store.changed();
  }

  all(): AccountState[] {
    return this.store.state.accounts;
  }

  byToken(token: string): AccountState | undefined {
    return this.store.state.accounts.find((account) => account.token === token);
  }

  byUserId(userId: string): AccountState | undefined {
    return this.store.state.accounts.find((account) => account.userId === userId);
  }

  availableCredits(account: AccountState): number {
    return account.credits - account.frozenCredits;
  }

  freezeCredits(account: AccountState, amount: number): void {
    const available = this.availableCredits(account);
    if (amount > available) {
      throw new ServiceError(
        403,
        'CREDITS_INSUFFICIENT',
        `the task needs ${amount} credits but only ${available} are available`,
      );
    }
    account.frozenCredits += amount;
    this.store.changed();
  }

  /** The task was generated: the frozen credits are spent. */
  deductFrozen(account: AccountState, amount: number): void {
    account.frozenCredits = Math.max(0, account.frozenCredits - amount);
    account.credits = Math.max(0, account.credits - amount);
    this.store.changed();
  }

  /** The task failed: the frozen credits return to the available balance. */
  unfreeze(account: AccountState, amount: number): void {
    account.frozenCredits = Math.max(0, account.frozenCredits - amount);
    this.store.changed();
  }

  consumeProCloneQuota(account: AccountState): void {
    if (account.proCloneQuota <= 0) {
      throw new ServiceError(
        403,
        'PRO_CLONE_QUOTA_EXCEEDED',
        'the professional-clone quota of this account is used up',
      );
    }
    account.proCloneQuota -= 1;
    this.store.changed();
  }

  refundProCloneQuota(account: AccountState): void {
    account.proCloneQuota += 1;
    this.store.changed();
  }

  /** Admin: change balances for a test (e.g. to provoke CREDITS_INSUFFICIENT). */
  adjust(
    account: AccountState,
    // As the admin route's schema parses it: a field left out (or undefined) is left as it is.
    change: { [Field in 'credits' | 'proCloneQuota' | 'proCloneAccess']?: AccountState[Field] | undefined },
  ): void {
    if (change.credits !== undefined) account.credits = change.credits;
    if (change.proCloneQuota !== undefined) account.proCloneQuota = change.proCloneQuota;
    if (change.proCloneAccess !== undefined) account.proCloneAccess = change.proCloneAccess;
    this.store.changed();
  }
}
