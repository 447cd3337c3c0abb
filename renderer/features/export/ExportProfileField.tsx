import { retailProfileIdSchema } from '../../../common/export/retail-profile-schema.js';
import { RETAIL_PROFILES, retailProfile } from '../../../common/export/retail-profiles.js';
import type { ExportForm } from './export-form.js';
import { ExportRoomToneField } from './ExportRoomToneField.js';

const NO_PROFILE = 'none';

/**
 * "Deliver to": a retailer profile sets the export as the retailer asks and checks the written files against its
 * rules. Where the retailer limits AI narration, its statement is shown here, plainly, before anything is written.
 */
export function ExportProfileField({
  form,
  disabled,
  onChange,
}: {
  form: ExportForm;
  disabled: boolean;
  onChange<K extends 'profile' | 'roomToneClip'>(key: K, value: ExportForm[K]): void;
}) {
  const profile = form.profile === undefined ? undefined : retailProfile(form.profile);
  return (
    <div className="export-profile">
      <label className="field">
        <span>Deliver to</span>
        <select
          data-testid="export-profile"
          value={form.profile ?? NO_PROFILE}
          disabled={disabled}
          onChange={(event) => {
            const chosen = retailProfileIdSchema.safeParse(event.target.value);
            onChange('profile', chosen.success ? chosen.data : undefined);
          }}
        >
          <option value={NO_PROFILE}>No retailer profile (choose the format below)</option>
          {RETAIL_PROFILES.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </label>
      {profile ? (
        <>
          <p className="export-profile-narration" role="note" data-testid="export-profile-narration">
            <strong>Narration:</strong> {profile.aiNarration.statement}
          </p>
          <p className="hint" data-testid="export-profile-summary">
            The format, loudness{profile.roomTone ? ', room tone' : ''} and files are set as {profile.name}{' '}
            asks (the fields below are locked). After export every file is measured again and “Pre-flight
            report.html” is written beside the delivery.
          </p>
        </>
      ) : null}
      <ExportRoomToneField form={form} disabled={disabled} onChange={onChange} />
    </div>
  );
}
