import type { DragEvent } from 'react';
import { useState } from 'react';

export interface FileDropHandlers {
  onDragEnter(event: DragEvent<HTMLElement>): void;
  onDragOver(event: DragEvent<HTMLElement>): void;
  onDragLeave(event: DragEvent<HTMLElement>): void;
  onDrop(event: DragEvent<HTMLElement>): void;
}

/**
 * Drag-and-drop of files onto an element: whether files are over it (to highlight it) and the handlers. Drags of
 * anything but files (text, a row) are left alone. The innermost drop target takes a drop; the ones around it
 * only stop highlighting.
 */
export function useFileDrop(onFiles: (files: File[]) => void): {
  dragging: boolean;
  handlers: FileDropHandlers;
} {
  const [dragging, setDragging] = useState(false);
  const carriesFiles = (event: DragEvent<HTMLElement>): boolean =>
    event.dataTransfer?.types.includes('Files') ?? false;
  const onDragOver = (event: DragEvent<HTMLElement>): void => {
    if (!carriesFiles(event)) return;
    // Without preventDefault the browser opens the dropped file instead of handing it to the page.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  return {
    dragging,
    handlers: {
      onDragEnter: onDragOver,
      onDragOver,
      onDragLeave: (event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && event.currentTarget.contains(next)) return;
        setDragging(false);
      },
      onDrop: (event) => {
        if (!carriesFiles(event)) return;
        setDragging(false);
        // Already taken by a drop zone inside this one (the import dialog's): only the highlight is reset here.
        if (event.defaultPrevented) return;
        event.preventDefault();
        onFiles(Array.from(event.dataTransfer.files));
      },
    },
  };
}
