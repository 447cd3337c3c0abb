import type { InputHTMLAttributes } from 'react';
import { useLayoutEffect, useRef } from 'react';

/**
 * A text box holding a file path: when the path is longer than the box, its end (the file name) is what shows,
 * not the start of the folder, and the whole path is in the tooltip. While the user edits, the caret decides.
 */
export function PathInput({
  value,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'title'> & { value: string }) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const element = input.current;
    if (element && element !== document.activeElement) showEnd(element);
  }, [value]);
  return (
    <input
      ref={input}
      value={value}
      title={value}
      {...rest}
      onBlur={(event) => {
        showEnd(event.currentTarget);
        rest.onBlur?.(event);
      }}
    />
  );
}

function showEnd(element: HTMLInputElement): void {
  element.scrollLeft = element.scrollWidth;
}
