import { fieldDb } from './field-db';

/**
 * A list the inspection screens need also offline (inspection years, statuses): fetched when the
 * server answers and kept in IndexedDB (`INSPECTIONS`), the kept copy answered when it does not.
 */
export async function cachedList<T>(key: string, load: () => Promise<T>): Promise<T> {
  try {
    const value = await load();
    await fieldDb()
      .lists.put({ key, value, saved_at: new Date().toISOString() })
      .catch(() => undefined);
    return value;
  } catch (error) {
    const kept = await fieldDb()
      .lists.get(key)
      .catch(() => undefined);
    if (kept) return kept.value as T;
    throw error;
  }
}
