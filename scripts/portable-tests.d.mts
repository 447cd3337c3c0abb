export const OS_MARKERS: { marker: string; missingOn: string[]; reason: string }[];
export function testsMissingOn(
  sources: Map<string, string>,
  platform: string,
): { file: string; reasons: string[] }[];
