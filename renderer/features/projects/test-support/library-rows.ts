import { screen } from '@testing-library/react';

/** The list's row of the project titled `title`. */
export function row(title: string): HTMLElement {
  const found = screen.getAllByTestId('project-row').find((element) => element.dataset.title === title);
  if (!found) throw new Error(`No row titled ${title}`);
  return found;
}

/** The rows' titles (a file name where a damaged row has none), top to bottom. */
export function rowTitles(): (string | undefined)[] {
  return screen
    .getAllByTestId('project-row')
    .map((element) => element.dataset.title ?? element.dataset.fileName);
}
