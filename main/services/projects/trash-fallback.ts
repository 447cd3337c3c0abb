import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * Where deleted projects go when the platform has no trash (or its trash failed): `<data>/trash/`, with the time
 * in the name so deleting two projects of the same name keeps both. Same volume as the projects folder, so this
 * is a rename, not a copy.
 */
export function moveToFallbackTrash(trashDir: string, now: () => Date) {
  return async (filePath: string): Promise<void> => {
    await fs.mkdir(trashDir, { recursive: true });
    const stamp = now().toISOString().replace(/[:.]/gu, '-');
    let target = path.join(trashDir, `${stamp}-${path.basename(filePath)}`);
    for (let attempt = 2; await exists(target); attempt++) {
      target = path.join(trashDir, `${stamp}-${attempt}-${path.basename(filePath)}`);
    }
    await fs.rename(filePath, target);
  };
}

async function exists(filePath: string): Promise<boolean> {
  try {
    await fs.access(filePath);
    return true;
  } catch {
    return false;
  }
}
