/**
 * The browser build's persistent storage (IndexedDB, one database "overlap"): the crash-recovery
 * autosave and the recent files (with their bytes: a browser cannot reopen a file by path). Small
 * promise wrappers over one object store per purpose. Where IndexedDB is unavailable (private
 * windows of some browsers), every call resolves to "nothing stored" rather than failing.
 */
const DATABASE = 'overlap';
const STORES = ['recovery', 'recent'] as const;
type StoreName = (typeof STORES)[number];

let opening: Promise<IDBDatabase | null> | null = null;

function database(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      for (const name of STORES) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
  return opening;
}

function run<T>(store: StoreName, mode: IDBTransactionMode, work: (objects: IDBObjectStore) => IDBRequest<T>): Promise<T | null> {
  return database().then(
    (db) =>
      new Promise<T | null>((resolve) => {
        if (!db) return resolve(null);
        const transaction = db.transaction(store, mode);
        const request = work(transaction.objectStore(store));
        transaction.oncomplete = () => resolve(request.result ?? null);
        transaction.onerror = () => resolve(null);
        transaction.onabort = () => resolve(null);
      }),
  );
}

export const browserStorage = {
  get: <T>(store: StoreName, key: string): Promise<T | null> => run<T>(store, 'readonly', (objects) => objects.get(key) as IDBRequest<T>),
  put: (store: StoreName, key: string, value: unknown): Promise<unknown> => run(store, 'readwrite', (objects) => objects.put(value, key)),
  delete: (store: StoreName, key: string): Promise<unknown> => run(store, 'readwrite', (objects) => objects.delete(key)),
  all: <T>(store: StoreName): Promise<T[]> => run<T[]>(store, 'readonly', (objects) => objects.getAll() as IDBRequest<T[]>).then((list) => list ?? []),
};
