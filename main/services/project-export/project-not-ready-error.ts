import type { MissingAudio } from '../../../common/export/index.js';

/** Why a project cannot be exported as it is: blocks without current audio, or nothing on the timeline. */
export class ProjectNotReadyError extends Error {
  readonly code: 'MISSING_AUDIO' | 'EMPTY_PROJECT';
  constructor(readonly missing: MissingAudio[]) {
    const count = missing.length;
    super(
      count === 0
        ? 'The project has nothing to export: add blocks and generate them first.'
        : `${count} block${count === 1 ? ' has' : 's have'} no current audio (${missing
            .slice(0, 3)
            .map((item) => `“${item.label}”: ${item.reason}`)
            .join('; ')}${count > 3 ? '; …' : ''}). Generate ${count === 1 ? 'it' : 'them'} first.`,
    );
    this.name = 'ProjectNotReadyError';
    this.code = count === 0 ? 'EMPTY_PROJECT' : 'MISSING_AUDIO';
  }
}
