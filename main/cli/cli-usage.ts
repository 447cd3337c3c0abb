/** `timbre --help`. */
export const USAGE = `Usage: timbre export PROJECT… --out DIR [options]
       timbre import SCRIPT --out FILE.timbre [--title TEXT] [--overwrite] [--service URL]
       timbre --help | --version

Exports Timbre Studio projects (.timbre files, or folders of them) to audio with subtitles, one at a time,
with the same engine as the app. Ends with a summary line; exit code 0 when every project was exported,
1 when any failed, 2 when the command line is wrong.

Output
  --out DIR              folder for the files (created if missing)
  --name TEMPLATE        file name without extension; {title}, {file}, {date}, {index}   [default: {title}]
                         names are made safe for Windows, macOS and Linux; an existing name gets " (2)"
  --overwrite            replace files already in DIR instead of choosing a new name
  --format wav|mp3|m4b|m4a
                         m4b: one AAC audiobook with its chapters (always) and the audiobook flag;
                         m4a: AAC, chapters with --chapters   [default: wav]
  --bitrate K            MP3: 128, 160, 192, 224, 256 or 320 kbps   [default: 192]
                         M4B/M4A: 64, 80, 96, 112, 128, 160, 192 or 256 kbps   [default: 64 mono, 128 stereo]
  --bit-depth 16|24      WAV sample size   [default: 16]
  --rate HZ              sample rate (MP3, M4B, M4A: an MPEG rate up to 48000)   [default: 44100]
  --channels 1|2         [default: 2]
  --loudness none|podcast|broadcast|acx
                         normalise to −16 LUFS, −23 LUFS or ACX (RMS −20 dB, peaks −3 dB)   [default: podcast]
  --srt, --vtt           write SubRip / WebVTT subtitles next to the audio
  --split chapters|blocks
                         a folder per project with one file per chapter (each with its own subtitles,
                         starting at zero) or per speech block, instead of one file
  --chapter-name TEMPLATE
                         names of chapter files; {n}, {title}, {project}   [default: {n} {title}]
  --all-chapters         with --overwrite, write every chapter file again: by default a folder an earlier
                         export wrote keeps the chapter files whose audio, name and tags are unchanged
  --mode epub-read-along|lpf-audiobook|karaoke-vtt
                         a read-along EPUB 3 (sentences highlighted as read, MP3 or M4A by chapter, the cover
                         first), a W3C Audiobook (.lpf), or the mix with a word-by-word karaoke .vtt beside it
  --profile acx|google-play|inaudio|apple-books|spotify|podcast
                         a retailer's delivery: its format, rate, channels, loudness, room tone and chapter
                         files; the written files are checked again and "Pre-flight report.html" is put beside
                         them (not with --format, --bitrate, --rate, --channels, --loudness, --split, --mode)
  --sample-start N|m:ss  with --profile: the "Retail Sample" file beside the chapters starts at block N's first
                         sentence, or at the first sentence from m:ss   [default: the first chapter's start]
  --sample-length S      its length in seconds, cut at a sentence end (ACX: 60-300)   [default: 180]
  --room-tone FILE       loop this recording of the room (WAV, MP3 or FLAC, at least 0.5 s, RMS at most -60 dB
                         or the profile's noise floor) under pauses, heads and tails instead of the generated
                         room tone; without --profile it adds room tone to the export
  --check                with --profile: render each file in a private staging folder, print the pre-flight
                         report (pass or fail per file and rule) and write nothing; exit 1 if any check fails

Video (one project)
  --video FILE           the project's speech as the new soundtrack of FILE (MP4, MOV, M4V, WebM): NAME.mp4 (or
                         .mov for a MOV, .webm for a WebM), the picture copied unchanged, the mix exactly as long
                         as the video (AAC in MP4 and MOV, Opus in WebM), --srt/--vtt beside it; FILE never
                         leaves this computer
  --video-container C    mp4, mov or webm instead of FILE's own (WebM holds only VP8, VP9 or AV1 picture)
  --keep-original-audio  keep FILE's own sound as a second audio stream, labelled "Original audio"

Timed speech
  --fit report           print each project's fit check and stop (nothing generated or written; --out not
                         needed): every timed line that runs past its slot, by how much, the speech rate it
                         would need, whether that is inside the 0.5–2 the app sends, and the suggestion
  --fit apply            take every line's suggestion first (a faster rate, a stretch of at most 15 %, running
                         on, or marked to rewrite), as the app's Apply all does, and save the project files
  Lines that overlap within a lane are named before every export.

Import (timbre import)
  SCRIPT                 a timed script: SubRip (.srt), WebVTT (.vtt), or CSV/TSV with speaker, text, start,
                         end columns; one timed line per cue, speakers from "NAME:" or <v Name>. A bad file is
                         refused naming its line and the rule, and nothing is written
  --out FILE.timbre      the project to write (never replaced without --overwrite)
  --title TEXT           the project's title   [default: the script's file name]

Chapters and tags (one file per project)
  --chapters             chapter markers in the file: ID3v2 chapters (MP3), cue points with labels (WAV),
                         a QuickTime chapter track and Nero chapters (M4A; an M4B always has them)
  --chapters-json        a Podcasting 2.0 chapters file (NAME.chapters.json) next to the audio
  --title, --author, --album TEXT
  --year YYYY, --track N[/TOTAL], --comment TEXT
  --narrator, --genre, --series TEXT, --part N
                         tags written into the file (ID3v2 in MP3, LIST INFO in WAV, iTunes tags in M4B/M4A;
                         the narrator as composer; series and part in M4B/M4A only); the title defaults
                         to the project's title when any tag, marker or cover is written
  --cover FILE           a JPEG or PNG embedded as the MP3's, M4B's or M4A's cover and a read-along book's
                         (at most 10 MB)

Generation
  --generate             generate blocks that have no audio yet (spends credits; only what is missing is sent)
                         and save the new generation states into the project files
  --confirm-charge-twice with --generate, also send blocks whose text is in a task the service may already
                         have charged (its answer was lost, or it got stuck); without it they are left out
                         and their project fails, naming them and what they may cost twice
  --service URL          service for projects not linked to one
  --token-env NAME       read the service token from the environment variable NAME; otherwise the token
                         Timbre Studio keeps in the system keychain for the project's service is used

Other
  --data DIR             Timbre Studio's data folder, shared with the app (generated audio, settings)
                         [default: TIMBRE_DATA_DIR, else the app's own folder]
  -h, --help             show this help
  -v, --version          show the version

Examples
  timbre export episodes/*.timbre --out exports --format mp3 --bitrate 128 --srt
  timbre export book.timbre --out out --format mp3 --chapters --author "A. Writer" --cover cover.jpg
  timbre export book.timbre --out out --split chapters --chapter-name "{n} - {title}" --srt
  timbre import dub-fr.srt --out dub-fr.timbre --service https://voices.example.com
  timbre export dub-fr.timbre --fit report
  timbre export dub-fr.timbre --out out --video clip.mp4 --keep-original-audio --srt
  TIMBRE_TOKEN=… timbre export show/ --out out --generate --token-env TIMBRE_TOKEN --name "{index} {title}"
`;
