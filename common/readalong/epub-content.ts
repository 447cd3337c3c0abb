import { escapeXml } from '../xml/escape-xml.js';
import { formatTimestamp } from '../subtitles/subtitle-format.js';
import { chapterStem, type ReadAlongBookInfo, type ReadAlongChapter } from './readalong-book.js';
import type { TimedBlock } from './readalong-timing.js';

/** The class the reading system puts on the element being read (declared as the package's media:active-class). */
export const ACTIVE_CLASS = '-epub-media-overlay-active';

/** One `par` of a Media Overlay: the XHTML element it highlights and where its audio is. */
interface OverlayPar {
  readonly id: string;
  readonly startMs: number;
  readonly endMs: number;
}

const blockId = (blockIndex: number): string => `b${blockIndex + 1}`;
const sentenceId = (blockIndex: number, sentenceIndex: number): string =>
  `b${blockIndex + 1}s${sentenceIndex + 1}`;

/** The pars of a chapter, in reading order: one per sentence, or one per block that is highlighted whole. */
function overlayPars(chapter: ReadAlongChapter): OverlayPar[] {
  return chapter.blocks.flatMap((block, blockIndex) =>
    block.sentences.map((sentence, sentenceIndex) => ({
      id: block.wholeBlock ? blockId(blockIndex) : sentenceId(blockIndex, sentenceIndex),
      startMs: sentence.startMs,
      endMs: sentence.endMs,
    })),
  );
}

/** How long a chapter's Media Overlay plays: the sum of its clips (EPUB's media:duration of that overlay). */
export function overlayDurationMs(chapter: ReadAlongChapter): number {
  return overlayPars(chapter).reduce((sum, par) => sum + (par.endMs - par.startMs), 0);
}

/** A chapter's XHTML: its title, then a paragraph per block with each timed sentence in its own span. */
export function chapterXhtml(chapter: ReadAlongChapter, book: ReadAlongBookInfo): string {
  const paragraphs = chapter.blocks.map((block, blockIndex) => paragraph(block, blockIndex));
  const language = escapeXml(book.language);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(chapter.title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
<section id="chapter" epub:type="chapter">
<h1>${escapeXml(chapter.title)}</h1>
${paragraphs.join('\n')}
</section>
</body>
</html>
`;
}

function paragraph(block: TimedBlock, blockIndex: number): string {
  const id = blockId(blockIndex);
  if (block.wholeBlock || block.sentences.length === 0) return `<p id="${id}">${escapeXml(block.text)}</p>`;
  const spans = block.sentences.map(
    (sentence, index) => `<span id="${sentenceId(blockIndex, index)}">${escapeXml(sentence.text)}</span>`,
  );
  return `<p id="${id}">${spans.join(' ')}</p>`;
}

/** A chapter's Media Overlay (SMIL 3.0): one `par` per timed sentence or block, clipped from the chapter's audio. */
export function chapterSmil(chapter: ReadAlongChapter, index: number): string {
  const stem = chapterStem(index);
  const audio = `audio/${escapeXml(chapter.audioFile)}`;
  const pars = overlayPars(chapter).map(
    (par) =>
      `<par id="par-${par.id}"><text src="${stem}.xhtml#${par.id}"/><audio src="${audio}" clipBegin="${clock(par.startMs)}" clipEnd="${clock(par.endMs)}"/></par>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
<body>
<seq id="seq-${stem}" epub:textref="${stem}.xhtml#chapter" epub:type="chapter">
${pars.join('\n')}
</seq>
</body>
</smil>
`;
}

/** A SMIL full clock value (`00:01:02.345`), also the form of EPUB's media:duration. */
export function clock(ms: number): string {
  return formatTimestamp(ms, '.');
}

/** The highlight a reading system shows on the sentence being read, and the book's plain text layout. */
export const READALONG_STYLESHEET = `body { line-height: 1.5; }
.${ACTIVE_CLASS} { background-color: #ffe58a; color: #000000; }
`;
