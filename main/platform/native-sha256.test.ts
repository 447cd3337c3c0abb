import { afterEach, describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createProject } from '../../common/project/block-factory.js';
import { contentHash } from '../../common/project/content-hash.js';
import { defaultsOnlyContext } from '../../common/project/send-context.js';
import { setSha256Implementation, sha256Hex } from '../../common/project/sha256.js';
import { installNativeSha256, nativeSha256Hex } from './native-sha256.js';

const portable = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));

describe('native SHA-256', () => {
  afterEach(() => setSha256Implementation(portable));

  it('gives the portable hash for every kind of string, lone surrogates included', () => {
    const texts = [
      '',
      'abc',
      'Hé 你好 😀👍🏽',
      '\ud83d',
      'x\ude00y',
      '\ud83d\ud83d\ude00',
      'The keeper wrote each night. '.repeat(5000),
    ];
    for (const text of texts) expect(nativeSha256Hex(text)).toBe(portable(text));
    // The standard's own vector, so neither could be wrong alike.
    expect(nativeSha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('once installed, content hashes come from it and are the same as before', () => {
    const project = createProject({ title: 'Hashes', textBlocks: ['A line with é, 😀 and a lone \ud83d.'] });
    const block = project.tracks.speech.blocks[0]!;
    const context = defaultsOnlyContext(project.defaults);
    const before = contentHash(block, context);
    // A marker first, so the install is seen to replace whatever was there.
    setSha256Implementation(() => 'marker');
    expect(sha256Hex('abc')).toBe('marker');
    installNativeSha256();
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // A copy of the block, so the hash is made again rather than taken from the block's memo.
    expect(contentHash({ ...block }, context)).toBe(before);
    // And content hashes do go through the implementation installed.
    const hashed: string[] = [];
    setSha256Implementation((text) => {
      hashed.push(text);
      return nativeSha256Hex(text);
    });
    expect(contentHash({ ...block }, context)).toBe(before);
    expect(hashed).toHaveLength(1);
  });
});
