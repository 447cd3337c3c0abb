import { MIN_SPEECH_SECONDS } from '../../../../common/rules/vocabulary.js';

/** The speech lengths that matter, in plain words: the service's floor and what makes a good clone. */
export function CloneLengthGuide() {
  return (
    <ul className="clone-length-guide" data-testid="clone-length-guide">
      <li>
        <strong>At least {MIN_SPEECH_SECONDS} seconds of speech</strong> is required: the service refuses
        anything shorter (silence and pauses do not count).
      </li>
      <li>
        <strong>10 seconds to 3 minutes</strong> of clear speech makes a good quick clone.
      </li>
      <li>
        <strong>30 minutes or more</strong> is what a professional clone wants.
      </li>
      <li>Record in a quiet room, one speaker, at a steady distance from the microphone.</li>
    </ul>
  );
}
