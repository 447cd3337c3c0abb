/** Why an edit was refused; `field` and `rule` let the editor point at the cause. */
export type EditRule =
  | 'not-found'
  | 'duplicate-id'
  | 'locked'
  | 'read-only'
  | 'wrong-type'
  | 'wrong-track'
  | 'unknown-field'
  | 'required'
  | 'out-of-range'
  | 'invalid-offset'
  | 'not-a-permutation'
  | 'no-next-block'
  | 'invalid-clipboard';

/** Thrown by edit operations; the project passed in is untouched. */
export class ProjectEditError extends Error {
  readonly field: string;
  readonly rule: EditRule;
  readonly blockId: string | undefined;

  constructor(options: { field: string; rule: EditRule; message: string; blockId?: string }) {
    super(options.message);
    this.name = 'ProjectEditError';
    this.field = options.field;
    this.rule = options.rule;
    this.blockId = options.blockId;
  }
}
