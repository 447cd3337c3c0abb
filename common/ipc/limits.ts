/**
 * The largest message the browser shell's WebSocket carries (one call or event). The largest project the
 * limits allow (common/project/project-limits.ts: 20,000 blocks, 3,000,000 characters) takes about 17 MB as JSON,
 * so every legal call fits; anything larger is refused by the page before sending and by main on receipt.
 */
export const MAX_IPC_FRAME_BYTES = 32 * 1024 * 1024;
