import { describe, expect, it } from 'vitest';
import chineseArticle from './fixtures/chinese-article.txt?raw';
import englishNarration from './fixtures/english-narration.txt?raw';
import japaneseDialogue from './fixtures/japanese-dialogue.txt?raw';
import { splitParagraphs } from './paragraphs.js';
import { splitSentences } from './sentences.js';

describe('splitSentences', () => {
  it('splits at full stops, question and exclamation marks followed by a space', () => {
    expect(splitSentences('One. Two! Three? Four')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
  });

  it('keeps titles and common abbreviations inside the sentence', () => {
    expect(splitSentences('Dr. Smith met Mrs. Jones at St. Mary’s vs. the rain. They left.')).toEqual([
      'Dr. Smith met Mrs. Jones at St. Mary’s vs. the rain.',
      'They left.',
    ]);
  });

  it('keeps dotted abbreviations (e.g., i.e., U.S., a.m.) and initials inside the sentence', () => {
    expect(
      splitSentences('Bring fruit, e.g. Apples. We meet at 9 a.m. Sharp. Ask J. R. R. Tolkien. Done.'),
    ).toEqual(['Bring fruit, e.g. Apples.', 'We meet at 9 a.m. Sharp.', 'Ask J. R. R. Tolkien.', 'Done.']);
    expect(splitSentences('She moved to the U.S. in 1990. It was cold.')).toEqual([
      'She moved to the U.S. in 1990.',
      'It was cold.',
    ]);
  });

  it('treats "No." and "p." as abbreviations only before a number', () => {
    expect(splitSentences('See No. 5 on p. 12. I said no. Then I left.')).toEqual([
      'See No. 5 on p. 12.',
      'I said no.',
      'Then I left.',
    ]);
  });

  it('never splits decimals, versions, times or web addresses', () => {
    expect(splitSentences('Pi is 3.14159 and v1.2.3 ships at 10.30 from example.com today. Next.')).toEqual([
      'Pi is 3.14159 and v1.2.3 ships at 10.30 from example.com today.',
      'Next.',
    ]);
  });

  it('treats an ellipsis as a pause, ending the sentence only before a capitalised word', () => {
    expect(splitSentences('Well... maybe. I waited… Nothing came. Then ... silence.')).toEqual([
      'Well... maybe.',
      'I waited…',
      'Nothing came.',
      'Then ... silence.',
    ]);
  });

  it('keeps closing quotes and brackets with their sentence and does not split before a lower-case word', () => {
    expect(splitSentences('He said "Stop." Then he left. “Really?” she asked. (It was late.) Fine.')).toEqual(
      ['He said "Stop."', 'Then he left.', '“Really?” she asked.', '(It was late.)', 'Fine.'],
    );
  });

  it('keeps runs of terminators together', () => {
    expect(splitSentences('What?! No way!!! Yes.')).toEqual(['What?!', 'No way!!!', 'Yes.']);
  });

  it('splits CJK text at 。！？ without spaces', () => {
    expect(splitSentences('今天天气很好。我们去公园吧！你来吗？好的')).toEqual([
      '今天天气很好。',
      '我们去公园吧！',
      '你来吗？',
      '好的',
    ]);
  });

  it('splits mixed Latin and CJK text', () => {
    expect(splitSentences('我用Python写代码。It works! 真的吗？')).toEqual([
      '我用Python写代码。',
      'It works!',
      '真的吗？',
    ]);
  });

  it('returns nothing for blank text', () => {
    expect(splitSentences('   ')).toEqual([]);
  });

  it('splits the English fixture into its sentences, list items and all', () => {
    const sentences = splitParagraphs(englishNarration).flatMap(splitSentences);
    expect(sentences).toEqual([
      'Chapter One: The Lighthouse',
      'Dr. Ellen Marsh arrived on the island at 6.45 in the morning.',
      'The ferry had been late again, e.g. because of the fog that rolled in from the north.',
      'She carried two bags, a camera, and a notebook that her mentor, Prof. J. R. Hale, had given her years ago.',
      '"Is anyone here?" she called.',
      'Nobody answered...',
      'The wind was the only reply.',
      "She waited a while, then tried the door of the keeper's cottage.",
      'It opened with a groan!',
      'The logbook on the table listed the last entry as No. 47, dated Oct. 3, and the barometer read 29.92 inches.',
      'Who had written it?',
      'She could not tell.',
      '"Strange," she said aloud.',
      '"Very strange."',
      'She made a list of what to check first:',
      '1. The lamp room at the top of the tower.',
      '2. The radio in the cottage.',
      '3. The boat shed by the jetty.',
      'By the time the sun was high, she had found the answer… or so she thought.',
    ]);
  });

  it('splits the Chinese fixture at its full stops, keeping quotes and decimals whole', () => {
    expect(splitParagraphs(chineseArticle).flatMap(splitSentences)).toEqual([
      '春天来了，山上的桃花都开了。',
      '村里的孩子们一放学就跑到山坡上玩耍！',
      '他们在花树下追逐、嬉戏，笑声传得很远。',
      '老师问：“你们知道桃花为什么这么红吗？”',
      '孩子们你看看我，我看看你，谁也答不上来。',
      '其实，这和土壤、气温以及光照都有关系。',
      '科学家研究发现，温度在15.5摄氏度左右时，花色最为鲜艳。',
    ]);
  });

  it('keeps a Japanese quote followed by と in its sentence', () => {
    expect(splitParagraphs(japaneseDialogue).flatMap(splitSentences)).toEqual([
      '「おはようございます。」と彼女は言った。',
      '今日はいい天気ですね！',
      '散歩に行きませんか？',
      '駅前の喫茶店で、私たちはコーヒーを飲みながら、昔の話をした。',
    ]);
  });
});
