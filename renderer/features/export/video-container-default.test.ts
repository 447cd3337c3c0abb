import { describe, expect, it } from 'vitest';
import { defaultExportForm } from './export-form.js';
import { withSourceContainer } from './video-container-default.js';

describe('withSourceContainer', () => {
  const mov = { ...defaultExportForm, mode: 'video' as const, videoContainer: 'mov' as const };
  const webm = { ...mov, videoContainer: 'webm' as const };

  it('opens a WebM reference video on WebM, whatever was chosen last', () => {
    expect(withSourceContainer(mov, '/videos/Clip.WEBM').videoContainer).toBe('webm');
    expect(withSourceContainer(webm, '/videos/clip.webm')).toBe(webm);
  });

  it('never opens an MP4 or MOV source on WebM, and keeps its MP4 or MOV', () => {
    expect(withSourceContainer(webm, '/videos/clip.mp4').videoContainer).toBe('mp4');
    expect(withSourceContainer(webm, '/videos/clip.mov').videoContainer).toBe('mp4');
    expect(withSourceContainer(mov, '/videos/clip.mp4')).toBe(mov);
  });

  it('leaves the form of a project without a video alone', () => {
    expect(withSourceContainer(webm, undefined)).toBe(webm);
  });
});
