import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Drops a file on an element the way a user dragging it from the desktop would. */
export async function dropFile(
  page: Page,
  testId: string,
  filePath: string,
  mediaType: string,
): Promise<void> {
  const bytes = [...(await readFile(filePath))];
  const dataTransfer = await page.evaluateHandle(
    ({ data, name, type }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], name, { type }));
      return transfer;
    },
    { data: bytes, name: path.basename(filePath), type: mediaType },
  );
  const target = page.getByTestId(testId);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}
