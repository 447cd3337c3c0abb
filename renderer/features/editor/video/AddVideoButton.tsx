import type { DocumentState } from '../../../stores/document-store.js';
import { useDocumentStore } from '../../../stores/stores-context.js';
import { useCommandRegistry } from '../../../commands/use-commands.js';

const selectHasVideo = (state: DocumentState): boolean => state.doc?.project.video !== undefined;

/** The toolbar's way to the command (the video panel runs it; once there is a video, the panel offers Replace). */
export function AddVideoButton() {
  const registry = useCommandRegistry();
  const hasVideo = useDocumentStore(selectHasVideo);
  if (hasVideo) return null;
  return (
    <div className="toolbar-group">
      <button
        type="button"
        data-testid="video-add"
        title="Add a reference video (MP4, MOV or WebM): it plays beside the timeline and never leaves this computer"
        onClick={() => registry.run('add-reference-video')}
      >
        Add video…
      </button>
    </div>
  );
}
