import { describe, expect, it } from 'vitest';
import {
  MAX_BASE_NAME_BYTES,
  nameTemplateProblem,
  numberedName,
  renderOutputName,
  sanitizeFileName,
} from './output-name.js';

const values = {
  title: 'Rivers',
  file: 'rivers-ab12cd',
  date: new Date(2024, 0, 5, 23, 59),
  index: 3,
  count: 12,
};

describe('name templates', () => {
  it('fills in title, file, date (local) and a zero-padded index', () => {
    expect(renderOutputName('{index} {title} ({file}) {date}', values)).toBe(
      '03 Rivers (rivers-ab12cd) 2024-01-05',
    );
    expect(renderOutputName('{index}', { ...values, index: 2, count: 3 })).toBe('2');
    expect(renderOutputName('{title}', { ...values, title: '   ' })).toBe('Untitled');
  });

  it('names what is wrong with a template', () => {
    expect(nameTemplateProblem('{title} - {date}')).toBeNull();
    expect(nameTemplateProblem('')).toBe('must not be empty');
    expect(nameTemplateProblem('{Title}')).toMatch(
      /unknown placeholder \{Title\} \(use \{title\}, \{file\}, \{date\}, \{index\}\)/,
    );
    expect(nameTemplateProblem('{title')).toMatch(/unmatched brace/);
    expect(nameTemplateProblem('title}')).toMatch(/unmatched brace/);
    expect(nameTemplateProblem('x'.repeat(201))).toMatch(/at most 200/);
  });

  it('never lets a value become a path or escape the folder', () => {
    expect(renderOutputName('{title}', { ...values, title: '../../etc/passwd' })).toBe('-..-etc-passwd');
    expect(renderOutputName('{title}', { ...values, title: 'a/b\\c' })).toBe('a-b-c');
  });
});

describe('sanitizeFileName', () => {
  it('removes what Windows, macOS or Linux refuse or hide', () => {
    expect(sanitizeFileName('Episode 1: The River?')).toBe('Episode 1 - The River-');
    expect(sanitizeFileName('a<b>c"d|e*f')).toBe('a-b-c-d-e-f');
    expect(sanitizeFileName('tab\there\nnewline\u0000nul')).toBe('tab here newline nul');
    expect(sanitizeFileName('.hidden')).toBe('hidden');
    expect(sanitizeFileName('trailing dots...  ')).toBe('trailing dots');
    expect(sanitizeFileName('...')).toBe('Untitled');
  });

  it('keeps Windows device names usable', () => {
    expect(sanitizeFileName('CON')).toBe('CON_');
    expect(sanitizeFileName('nul.txt')).toBe('nul.txt_');
    expect(sanitizeFileName('lpt9')).toBe('lpt9_');
    expect(sanitizeFileName('CONSOLE')).toBe('CONSOLE');
  });

  it('normalises to NFC and cuts long names between whole characters', () => {
    expect(sanitizeFileName('Cafe\u0301')).toBe('Café');
    const long = sanitizeFileName('👩‍👩‍👧'.repeat(40));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(MAX_BASE_NAME_BYTES);
    expect(long.length % '👩‍👩‍👧'.length).toBe(0);
    const numbered = numberedName('é'.repeat(200), 12);
    expect(Buffer.byteLength(numbered)).toBeLessThanOrEqual(MAX_BASE_NAME_BYTES);
    expect(numbered.endsWith(' (12)')).toBe(true);
    expect(numberedName('Intro', 1)).toBe('Intro');
  });
});
