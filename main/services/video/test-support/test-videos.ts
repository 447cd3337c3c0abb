import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Small videos made at test time with ffmpeg's test sources (a colour pattern and a tone), each a second or two
 * at 160×90, so nothing large is committed. Made once per test file into `dir`.
 */
export interface TestVideos {
  /** H.264 + AAC in MP4, 2 s at 25 fps. */
  mp4: string;
  /** VP9 + Opus in WebM, 2 s at 30 fps. */
  webm: string;
  /** H.264 in MOV without sound, 1 s at 24 fps. */
  silentMov: string;
  /** H.264 + PCM in MOV: a picture the app plays, a sound it does not. */
  pcmMov: string;
  /** MPEG-4 Part 2 picture in MP4: not a codec Chromium plays. */
  mpeg4: string;
  /** H.264 in Matroska (.mkv): not a container the app accepts. */
  mkv: string;
  /** AAC only, named .mp4: no picture. */
  soundOnly: string;
  /** Text named .mp4. */
  text: string;
}

export function makeTestVideos(dir: string): TestVideos {
  const out = (name: string) => path.join(dir, name);
  const picture = (rate: number, seconds: number) => [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x90:rate=${rate}:duration=${seconds}`,
  ];
  const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
  const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
  const videos: TestVideos = {
    mp4: out('scene.mp4'),
    webm: out('scene.webm'),
    silentMov: out('silent.mov'),
    pcmMov: out('pcm.mov'),
    mpeg4: out('old.mp4'),
    mkv: out('scene.mkv'),
    soundOnly: out('tone.mp4'),
    text: out('notes.mp4'),
  };
  ffmpeg(...picture(25, 2), ...tone(2), ...h264, '-c:a', 'aac', '-shortest', videos.mp4);
  ffmpeg(
    ...picture(30, 2),
    ...tone(2),
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-c:a',
    'libopus',
    '-shortest',
    videos.webm,
  );
  ffmpeg(...picture(24, 1), ...h264, videos.silentMov);
  ffmpeg(...picture(25, 1), ...tone(1), ...h264, '-c:a', 'pcm_s16le', '-shortest', videos.pcmMov);
  ffmpeg(...picture(25, 1), '-c:v', 'mpeg4', videos.mpeg4);
  ffmpeg(...picture(25, 1), ...h264, videos.mkv);
  ffmpeg(...tone(1), '-c:a', 'aac', videos.soundOnly);
  writeFileSync(videos.text, 'These are notes, not a video.\n');
  return videos;
}
