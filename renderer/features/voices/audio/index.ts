export type { PromptAudio } from './prompt-audio.js';
export { RecorderPanel } from './RecorderPanel.js';
export { ImportPanel } from './ImportPanel.js';
