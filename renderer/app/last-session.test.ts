import { describe, expect, it } from 'vitest';
import { sampleProject } from '../../common/project/test-support.js';
import { FakeBridge } from '../test-support/fake-bridge.js';
import { storesFor } from '../test-support/app-stores-harness.js';
import { rememberSession, restoreSession } from './last-session.js';

const KEY = 'timbre.lastSession.v1';

/** A Storage kept in a Map, one per test. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const project = sampleProject();
const [first, second] = project.tracks.speech.blocks;

function storesOpening(answer: 'ok' | 'missing') {
  const bridge = new FakeBridge({
    'projects.open': ({ fileName }: { fileName: string }) => ({
      ok: true,
      result:
        answer === 'ok'
          ? { ok: true, fileName, project, revision: 1 }
          : {
              ok: false,
              fileName,
              problem: 'missing',
              message: `The project file ${fileName} no longer exists.`,
            },
    }),
  } as never);
  return { bridge, stores: storesFor(bridge) };
}

describe('the last session', () => {
  it('follows the open project and its selection, and is forgotten when the editor closes', () => {
    const { stores } = storesOpening('ok');
    const storage = memoryStorage();
    const stop = rememberSession(stores, storage);
    const opened = { fileName: 'book.timbre', project };
    stores.projects.getState().setOpened(opened);
    stores.document.getState().open(opened);
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual({ fileName: 'book.timbre', ids: [], anchorId: null });
    stores.document.getState().select([second!.id], second!.id);
    expect(JSON.parse(storage.getItem(KEY)!)).toEqual({
      fileName: 'book.timbre',
      ids: [second!.id],
      anchorId: second!.id,
    });
    stores.projects.getState().setOpened(null);
    expect(storage.getItem(KEY)).toBeNull();
    stop();
  });

  it('reopens that project and selects the block the user was on once the editor holds it', async () => {
    const { bridge, stores } = storesOpening('ok');
    const storage = memoryStorage();
    storage.setItem(
      KEY,
      JSON.stringify({ fileName: 'book.timbre', ids: [first!.id, 'gone'], anchorId: first!.id }),
    );
    await restoreSession(stores, storage);
    expect(bridge.calls).toEqual([{ method: 'projects.open', input: { fileName: 'book.timbre' } }]);
    const opened = stores.projects.getState().opened;
    expect(opened?.fileName).toBe('book.timbre');
    // The editor mounts and opens the document: the selection follows, without blocks that no longer exist.
    stores.document.getState().open(opened!);
    expect(stores.document.getState().selection).toEqual({ ids: [first!.id], anchorId: first!.id });
    // Once per window: mounting again does not reopen it.
    await restoreSession(stores, storage);
    expect(bridge.calls).toHaveLength(1);
  });

  it('forgets a project that no longer opens, and leaves the list in place', async () => {
    const { stores } = storesOpening('missing');
    const storage = memoryStorage();
    storage.setItem(KEY, JSON.stringify({ fileName: 'deleted.timbre', ids: [], anchorId: null }));
    await restoreSession(stores, storage);
    expect(stores.projects.getState().opened).toBeNull();
    expect(storage.getItem(KEY)).toBeNull();
  });

  it('ignores a damaged entry', async () => {
    const { bridge, stores } = storesOpening('ok');
    const storage = memoryStorage();
    storage.setItem(KEY, '{"fileName": 42');
    await restoreSession(stores, storage);
    expect(bridge.calls).toEqual([]);
  });
});
