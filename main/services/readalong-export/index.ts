export { exportReadAlongBook } from './readalong-export.js';
export { withKaraokeVtt } from './karaoke-export.js';
