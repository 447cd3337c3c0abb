/** Reference audio ready to upload as a voice's `prompt`, from the recorder or from a file. */
export interface PromptAudio {
  blob: Blob;
  fileName: string;
  mediaType: string;
  sizeBytes: number;
  durationSeconds: number;
  speechSeconds: number;
  source: 'recording' | 'file';
}
