/** Machine ids of the rules; the renderer may key help texts on them. */
export type RuleId =
  | 'required'
  | 'not-empty'
  | 'wrong-type'
  | 'not-integer'
  | 'out-of-range'
  | 'not-in-list'
  | 'emo-switch-shape'
  | 'invalid-url'
  | 'not-platform-url'
  | 'unknown-field'
  | 'shape-missing'
  | 'shape-conflict'
  | 'shape-incomplete'
  | 'splitter-conflict'
  | 'model-version'
  | 'pro-clone-language'
  | 'v4-forbidden'
  | 'prompt-too-large'
  | 'file-too-large'
  | 'too-many-files'
  | 'speech-too-short'
  | 'speech-unmeasurable'
  | 'not-uuid'
  /** A style (`promptId`) the block's voice does not have (the voice's `metadata.prompts`). */
  | 'not-a-voice-style'
  /** A voice still being created or trained, or one whose creation failed. */
  | 'voice-not-ready';

/** One broken rule, precise enough to highlight the field that breaks it. */
export interface RuleViolation {
  /** Where in the request body, e.g. `contents[3].emo_switch` or `language`. */
  path: string;
  /** 0-based index of the content block, when the violation is inside one. */
  blockIndex?: number;
  /** The field's wire name, e.g. `emo_switch`. */
  field: string;
  rule: RuleId;
  /** For people: names the block (1-based, as users count), the field and the rule. */
  message: string;
}
