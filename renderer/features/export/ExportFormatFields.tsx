import { aacBitrates, mp3Bitrates } from '../../../common/export/export-options.js';
import { retailProfile } from '../../../common/export/retail-profiles.js';
import type {
  AacBitrateChoice,
  ExportForm,
  ExportMode,
  FormatChoice,
  LoudnessChoice,
} from './export-form.js';
import { SAMPLE_RATES } from './export-form.js';
import { ExportVideoFields } from './ExportVideoFields.js';
import { loudnessTargetLabel } from './loudness-label.js';

/**
 * The export choices shared by the export dialog and the batch queue: what to write, format, rate, channels,
 * loudness, subtitles and ducking. `modes` limits "what" (the batch exports mixes only); the video export is offered
 * when the project has a reference video (`hasVideo`).
 */
export function ExportFormatFields({
  form,
  disabled,
  onChange,
  modes = true,
  hasVideo = false,
}: {
  form: ExportForm;
  disabled: boolean;
  onChange<K extends keyof ExportForm>(key: K, value: ExportForm[K]): void;
  modes?: boolean;
  hasVideo?: boolean;
}) {
  const video = form.mode === 'video';
  const profile = form.profile === undefined ? undefined : retailProfile(form.profile);
  return (
    <>
      <div className="form-grid">
        {modes ? (
          <label className="field">
            <span>What</span>
            <select
              data-testid="export-mode"
              value={form.mode}
              disabled={disabled}
              onChange={(event) => onChange('mode', event.target.value as ExportMode)}
            >
              <option value="mix">One mixed file with subtitles</option>
              <option value="blocks-folder">One file per speech block (folder)</option>
              <option value="blocks-zip">One file per speech block (zip)</option>
              <option value="chapters-folder">One file per chapter (folder)</option>
              <option value="chapters-zip">One file per chapter (zip)</option>
              {hasVideo ? <option value="video">The video with the new soundtrack</option> : null}
              <option value="epub-read-along">Read-along EPUB 3 (text highlighted as it is read)</option>
              <option value="lpf-audiobook">W3C Audiobook (LPF: chapters and contents)</option>
              <option value="karaoke-vtt">One mixed file with karaoke WebVTT (word by word)</option>
            </select>
          </label>
        ) : null}
        {video ? null : (
          <label className="field">
            <span>Format</span>
            <select
              data-testid="export-format"
              value={form.format}
              disabled={disabled}
              onChange={(event) => onChange('format', event.target.value as FormatChoice)}
            >
              <option value="wav16">WAV 16-bit</option>
              <option value="wav24">WAV 24-bit</option>
              <option value="mp3">MP3</option>
              <option value="m4b">M4B audiobook (AAC, chapters)</option>
              <option value="m4a">M4A (AAC)</option>
            </select>
          </label>
        )}
        {form.format === 'mp3' && !video ? (
          <label className="field">
            <span>Bitrate</span>
            <select
              data-testid="export-bitrate"
              value={form.bitrateKbps}
              disabled={disabled}
              onChange={(event) =>
                onChange('bitrateKbps', Number(event.target.value) as ExportForm['bitrateKbps'])
              }
            >
              {mp3Bitrates.map((rate) => (
                <option key={rate} value={rate}>
                  {rate} kbps
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {(form.format === 'm4b' || form.format === 'm4a') && !video ? (
          <label className="field">
            <span>Bitrate</span>
            <select
              data-testid="export-aac-bitrate"
              value={form.aacBitrateKbps}
              disabled={disabled}
              onChange={(event) =>
                onChange(
                  'aacBitrateKbps',
                  (event.target.value === 'spoken'
                    ? 'spoken'
                    : Number(event.target.value)) as AacBitrateChoice,
                )
              }
            >
              <option value="spoken">Spoken word (64 kbps mono, 128 kbps stereo)</option>
              {aacBitrates.map((rate) => (
                <option key={rate} value={rate}>
                  {rate} kbps
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="field">
          <span>Sample rate</span>
          <select
            data-testid="export-rate"
            value={form.sampleRate}
            disabled={disabled}
            onChange={(event) => onChange('sampleRate', Number(event.target.value))}
          >
            {SAMPLE_RATES.map((rate) => (
              <option key={rate} value={rate}>
                {(rate / 1000).toFixed(rate % 1000 === 0 ? 0 : 2)} kHz
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Channels</span>
          <select
            data-testid="export-channels"
            value={form.channels}
            disabled={disabled}
            onChange={(event) => onChange('channels', event.target.value === '1' ? 1 : 2)}
          >
            <option value={2}>Stereo</option>
            <option value={1}>Mono</option>
          </select>
        </label>
        <label className="field">
          <span>Loudness</span>
          {profile ? (
            // Locked by the profile: it shows what the profile applies (ACX's −3.5 dB ceiling keeps 0.5 dB under
            // ACX's −3 dB rule), not the preset it resembles.
            <select data-testid="export-loudness" value="profile" disabled>
              <option value="profile">
                {profile.name} ({loudnessTargetLabel(profile.loudness)})
              </option>
            </select>
          ) : (
            <select
              data-testid="export-loudness"
              value={form.loudness}
              disabled={disabled}
              onChange={(event) => onChange('loudness', event.target.value as LoudnessChoice)}
            >
              <option value="podcast">Podcast (−16 LUFS)</option>
              <option value="broadcast">Broadcast EBU R128 (−23 LUFS)</option>
              <option value="acx">Audiobook ACX (−20 dB RMS, peaks ≤ −3 dB)</option>
              <option value="none">As generated</option>
            </select>
          )}
        </label>
      </div>
      {video ? <ExportVideoFields form={form} disabled={disabled} onChange={onChange} /> : null}
      {/* Subtitles and ducking apply to mixes: the whole project's, each chapter's, or the video's soundtrack. */}
      {form.mode !== 'blocks-folder' && form.mode !== 'blocks-zip' ? (
        <div className="check-row">
          <label className="check">
            <input
              type="checkbox"
              data-testid="export-srt"
              checked={form.srt}
              disabled={disabled}
              onChange={(event) => onChange('srt', event.target.checked)}
            />
            SRT subtitles
          </label>
          <label className="check">
            <input
              type="checkbox"
              data-testid="export-vtt"
              checked={form.vtt}
              disabled={disabled}
              onChange={(event) => onChange('vtt', event.target.checked)}
            />
            WebVTT subtitles
          </label>
          <label className="check">
            <input
              type="checkbox"
              data-testid="export-ducking"
              checked={form.ducking}
              disabled={disabled}
              onChange={(event) => onChange('ducking', event.target.checked)}
            />
            Lower music under speech
          </label>
        </div>
      ) : null}
    </>
  );
}
