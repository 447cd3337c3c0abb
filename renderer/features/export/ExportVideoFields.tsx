import { videoContainerSchema } from '../../../common/export/video-output.js';
import type { ExportForm } from './export-form.js';

/**
 * The video export's own choices: the container the picture is copied into (MP4 or MOV with the new soundtrack as
 * AAC; WebM, for a WebM reference video's VP8, VP9 or AV1 picture, with it as Opus) and whether the video's own sound is also kept, unchanged, as a second, labelled audio stream (it is
 * mixed into the new soundtrack by its track's settings either way).
 */
export function ExportVideoFields({
  form,
  disabled,
  onChange,
}: {
  form: ExportForm;
  disabled: boolean;
  onChange<K extends keyof ExportForm>(key: K, value: ExportForm[K]): void;
}) {
  return (
    <div className="check-row" data-testid="export-video-fields">
      <label className="field">
        <span>Video file</span>
        <select
          data-testid="export-video-container"
          value={form.videoContainer}
          disabled={disabled}
          onChange={(event) => {
            const container = videoContainerSchema.safeParse(event.target.value);
            if (container.success) onChange('videoContainer', container.data);
          }}
        >
          <option value="mp4">MP4</option>
          <option value="mov">MOV (QuickTime)</option>
          <option value="webm">WebM</option>
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="export-keep-original-audio"
          checked={form.keepOriginalAudio}
          disabled={disabled}
          onChange={(event) => onChange('keepOriginalAudio', event.target.checked)}
        />
        Keep the original audio as a second stream (“Original audio”)
      </label>
      <p className="hint">
        The picture is copied unchanged (never re-encoded); the new soundtrack is AAC in MP4 and MOV, Opus in
        WebM, as long as the video. WebM holds only VP8, VP9 or AV1 picture, so it is for a WebM reference
        video; H.264 goes into MP4 or MOV. The video never leaves this computer.
      </p>
      <p className="hint" data-testid="export-original-audio-note">
        The original sound is mixed under the new speech as its track in the editor sets it (volume, mute,
        ducking under speech), as the preview plays it; a video without sound is exported without it, and says
        so. Keep it as the second stream to also have it in the file unchanged.
      </p>
    </div>
  );
}
