export { createSpeechCounter } from './speech-detector.js';
export { mixToMono } from './wav-encoder.js';
