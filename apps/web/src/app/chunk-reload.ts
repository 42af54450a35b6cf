// A tab opened before a deploy asks for the page chunks of its own build, which the new build no
// longer has (Vite empties dist/). Rather than a blank page, load the new build once: the reload
// fetches the new index.html and its chunks. A second failure in a row is a real error and is
// thrown (a sessionStorage mark prevents a reload loop).
const MARK = 'pitlane:reloaded-after-failed-chunk';

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
}

const browser: ReloadDeps = {
  storage: globalThis.sessionStorage,
  reload: () => globalThis.location.reload(),
};

/** `load()`, or, when it fails for the first time in this tab, a reload that never resolves. */
export async function loadOrReload<T>(load: () => Promise<T>, deps: ReloadDeps = browser): Promise<T> {
  try {
    const loaded = await load();
    deps.storage.removeItem(MARK);
    return loaded;
  } catch (error) {
    if (deps.storage.getItem(MARK) !== null) throw error;
    deps.storage.setItem(MARK, String(Date.now()));
    deps.reload();
    return new Promise<T>(() => {});
  }
}
