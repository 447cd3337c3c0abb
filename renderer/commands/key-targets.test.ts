import { afterEach, describe, expect, it } from 'vitest';
import { isTextField } from './key-targets.js';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  setUp: (made: HTMLElementTagNameMap[K]) => void = () => undefined,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  setUp(made);
  document.body.append(made);
  return made;
}

function inDialog<T extends HTMLElement>(child: T): T {
  const dialog = element('div', (made) => made.setAttribute('role', 'dialog'));
  dialog.append(child);
  return child;
}

describe('isTextField', () => {
  afterEach(() => document.body.replaceChildren());

  it('counts text boxes, text areas, lists and editable text, not buttons, checkboxes or plain elements', () => {
    expect(isTextField(element('input'))).toBe(true);
    expect(isTextField(element('input', (made) => (made.type = 'search')))).toBe(true);
    expect(isTextField(element('textarea'))).toBe(true);
    expect(isTextField(element('select'))).toBe(true);
    expect(isTextField(element('div', (made) => (made.contentEditable = 'true')))).toBe(true);
    expect(isTextField(element('input', (made) => (made.type = 'checkbox')))).toBe(false);
    expect(isTextField(element('input', (made) => (made.type = 'button')))).toBe(false);
    expect(isTextField(element('button'))).toBe(false);
    expect(isTextField(element('div'))).toBe(false);
    expect(isTextField(null)).toBe(false);
    expect(isTextField(window)).toBe(false);
  });

  it('with anyInput, counts every form control: Space belongs to a focused checkbox or radio', () => {
    const checkbox = element('input', (made) => (made.type = 'checkbox'));
    const radio = element('input', (made) => (made.type = 'radio'));
    expect(isTextField(checkbox, { anyInput: true })).toBe(true);
    expect(isTextField(radio, { anyInput: true })).toBe(true);
    expect(isTextField(element('button'), { anyInput: true })).toBe(false);
    expect(isTextField(element('div'), { anyInput: true })).toBe(false);
  });

  it('with insideDialog, counts anything in a dialog, so the page under it leaves the dialog its keys', () => {
    const button = inDialog(element('button'));
    expect(isTextField(button)).toBe(false);
    expect(isTextField(button, { insideDialog: true })).toBe(true);
    expect(isTextField(element('button'), { insideDialog: true })).toBe(false);
  });
});
