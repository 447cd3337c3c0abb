/**
 * Sentences to read aloud: varied vowels and consonants, a question, numbers and a change of mood, so the take
 * covers more of the voice than a single flat sentence would.
 */
const READING_SCRIPT = [
  'The early train leaves at a quarter past seven, so I usually grab a coffee on the way.',
  'Have you ever watched the fog lift slowly over a quiet harbour?',
  'Honestly, that was the best news I have heard all week!',
  'Please check the figures again: forty-two boxes, nineteen crates and three small parcels.',
  'When the wind drops in the evening, the whole valley goes still, and you can hear the river below.',
] as const;

export function ReadingScript() {
  return (
    <figure className="reading-script" data-testid="reading-script">
      <figcaption>Read this aloud in your natural voice:</figcaption>
      <blockquote>
        {READING_SCRIPT.map((sentence) => (
          <p key={sentence}>{sentence}</p>
        ))}
      </blockquote>
    </figure>
  );
}
