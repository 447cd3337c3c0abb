import type { Plan } from '../../../common/settings/settings-schema.js';

/** The service plan a user says they have (it decides whether subtitles are offered), for every sign-in form. */
export function PlanField({
  value,
  onChange,
  testId,
}: {
  value: Plan;
  onChange: (plan: Plan) => void;
  testId: string;
}) {
  return (
    <label className="field">
      <span>Your plan</span>
      <select data-testid={testId} value={value} onChange={(event) => onChange(event.target.value as Plan)}>
        <option value="free">Free (subtitles are a paid feature)</option>
        <option value="paid">Paid</option>
      </select>
    </label>
  );
}
