/** ISO 639-2/T codes whose bibliographic (/B) form differs: the twenty languages with two three-letter codes. */
const BIBLIOGRAPHIC: Readonly<Record<string, string>> = {
  sqi: 'alb',
  hye: 'arm',
  eus: 'baq',
  mya: 'bur',
  zho: 'chi',
  ces: 'cze',
  nld: 'dut',
  fra: 'fre',
  kat: 'geo',
  deu: 'ger',
  ell: 'gre',
  isl: 'ice',
  mkd: 'mac',
  mri: 'mao',
  msa: 'may',
  fas: 'per',
  ron: 'rum',
  slk: 'slo',
  bod: 'tib',
  cym: 'wel',
};

/**
 * A language as Matroska's Language element writes it: ISO 639-2 in its bibliographic form ("ger", "fre"), as
 * mkvmerge and ffmpeg write WebM; MP4 takes the terminological form ("deu", "fra") the project export gives.
 */
export function matroskaLanguage(iso639T: string): string {
  return BIBLIOGRAPHIC[iso639T] ?? iso639T;
}
