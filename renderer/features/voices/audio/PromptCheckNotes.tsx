import type { PromptCheck } from '../../../../common/audio/prompt-check.js';

/**
 * The checks' problems (refusals) and advice (tips) under a recording or an imported file. Problems are left
 * out without `problemsTestId`, for callers that show them in their own error element.
 */
export function PromptCheckNotes({ check, problemsTestId }: { check: PromptCheck; problemsTestId?: string }) {
  return (
    <>
      {problemsTestId !== undefined && check.problems.length > 0 ? (
        <div className="field-error prompt-problems" role="alert" data-testid={problemsTestId}>
          {check.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      {check.advice.length > 0 ? (
        <ul className="hint prompt-advice" data-testid="prompt-advice">
          {check.advice.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
