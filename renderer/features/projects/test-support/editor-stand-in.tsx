/*
 * What the project page's tests show in place of the editor (vi.mock('../editor/ProjectEditor.js', () =>
 * import('./test-support/editor-stand-in.js'))): the real editor is another feature with its own tests; these
 * only check the hand-over, the project opened and the way back to the list.
 */

export function ProjectEditor({
  opened,
  onClose,
}: {
  opened: { fileName: string; project: { title: string } };
  onClose(): void;
}) {
  return (
    <section data-testid="project-editor" data-file-name={opened.fileName}>
      <h1 data-testid="editor-title">{opened.project.title}</h1>
      <button type="button" data-testid="editor-close" onClick={onClose}>
        Close
      </button>
    </section>
  );
}
