import { useEffect, useRef } from 'react';
import type { ReferenceVideo } from '../../../../common/project/timing-schema.js';
import type { DocumentState } from '../../../stores/document-store.js';
import { selectVideoSource } from '../../../stores/video-source-store.js';
import { useAppStores, useDocumentStore, useVideoSourceStore } from '../../../stores/stores-context.js';
import { useCommandHandlers } from '../../../commands/use-commands.js';
import { useListener } from '../../../shared/listeners.js';
import { ChooserWindow } from '../../../components/ChooserWindow.js';
import { useFollowedProject } from '../use-followed-project.js';
import { layoutOf } from '../../../shared/project-derived.js';
import { contextIn } from '../../../shared/send-context.js';
import { OriginalAudioControls } from './OriginalAudioControls.js';
import { VideoTimecode } from './VideoTimecode.js';
import { VideoFollower } from './video-follower.js';
import { frameMs } from './video-clock.js';
import { useVideoActions } from './use-video-actions.js';
import { MissingVideo } from './MissingVideo.js';
import { fileNameOf } from './video-file.js';

const selectVideo = (state: DocumentState): ReferenceVideo | undefined => state.doc?.project.video;

/**
 * The reference video beside the timeline: it plays in step with the playhead (play, pause, scrubbing, seeking),
 * shows the timecode, and holds the original sound's controls. It is also where "Add reference video…" runs, so
 * the command works before the project has a video.
 */
export function VideoPanel() {
  const stores = useAppStores();
  const video = useDocumentStore(selectVideo);
  const source = useVideoSourceStore(selectVideoSource);
  const actions = useVideoActions();
  const path = video?.path;

  useEffect(() => void stores.videoSource.getState().check(path), [stores, path]);

  useCommandHandlers({
    'add-reference-video': {
      run: () => actions.choose(video === undefined ? 'add' : source.state === 'ok' ? 'add' : 'locate'),
    },
  });

  const chooser =
    actions.choosing === null ? null : (
      <ChooserWindow
        kind="open-video"
        // A first video starts in the home folder; a missing or replaced one in its own folder.
        initialPath={path}
        onChosen={actions.chosen}
        onCancel={actions.cancelChoosing}
      />
    );
  if (video === undefined) return chooser;

  return (
    <section className="video-panel" data-testid="video-panel" aria-label="Reference video">
      <header className="video-panel-header">
        <span className="video-panel-name" title={video.path} data-testid="video-panel-name">
          {fileNameOf(video.path)}
        </span>
        <button
          type="button"
          data-testid="video-replace"
          disabled={actions.busy}
          onClick={() => actions.choose('add')}
        >
          Replace…
        </button>
        <button type="button" data-testid="video-remove" disabled={actions.busy} onClick={actions.remove}>
          Remove
        </button>
      </header>
      {chooser}
      {source.state === 'ok' && source.path === video.path ? (
        <FollowingVideo video={video} url={source.url} />
      ) : source.state === 'missing' || source.state === 'not-granted' || source.state === 'failed' ? (
        <MissingVideo
          path={video.path}
          problem={source.state === 'failed' ? source.message : null}
          busy={actions.busy}
          onLocate={() => actions.choose('locate')}
        />
      ) : (
        <p className="video-panel-frame hint" data-testid="video-checking">
          Opening the video…
        </p>
      )}
      <VideoTimecode frameRate={video.frameRate} durationMs={video.durationMs} />
      <OriginalAudioControls audio={video.originalAudio} onChange={actions.setOriginalAudio} />
    </section>
  );
}

/** The <video> element, kept on the playhead by a VideoFollower while it is shown. */
function FollowingVideo({ video, url }: { video: ReferenceVideo; url: string }) {
  const stores = useAppStores();
  const elementRef = useRef<HTMLVideoElement>(null);
  const project = useFollowedProject();
  // The follower reads the newest settings and lines through these, without being made again on each edit.
  const latest = useRef({ video, project });
  const followerRef = useRef<VideoFollower | null>(null);
  useEffect(() => {
    latest.current = { video, project };
    followerRef.current?.settingsChanged();
  }, [video, project]);

  // The file went away (or changed) while shown: ask main again, which then says it is missing.
  useListener(
    elementRef,
    'error',
    () => void stores.videoSource.getState().check(video.path, { force: true }),
  );

  const { durationMs, frameRate } = video;
  useEffect(() => {
    const element = elementRef.current;
    if (element === null) return undefined;
    const follower = new VideoFollower(element, stores.timelineView, {
      durationMs,
      frameMs: frameMs(frameRate),
      originalAudio: () => latest.current.video.originalAudio,
      speech: () => {
        const current = latest.current.project;
        return current === null ? [] : layoutOf(current, contextIn(stores, current)).speech;
      },
    });
    followerRef.current = follower;
    return () => {
      follower.dispose();
      followerRef.current = null;
    };
  }, [stores, url, durationMs, frameRate]);

  return (
    <video
      ref={elementRef}
      className="video-panel-frame"
      data-testid="video-panel-video"
      src={url}
      preload="auto"
      playsInline
      disablePictureInPicture
      aria-label={`Reference video ${fileNameOf(video.path)}`}
    />
  );
}
