// A bounded cache, least recently used out first: for per-block results that are cheap to compute
// again but large to keep for every block of a big file (JSON trees, body field models). A Map
// iterates in insertion order, so re-inserting on each hit keeps the oldest entry first.

export class Lru<K, V> {
  private readonly map = new Map<K, V>();
  /** The key used last: asked again (every lint rule reads the same block's model), no reordering. */
  private last: K | undefined;

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined && key !== this.last) {
      this.last = key;
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.last = key;
    this.map.delete(key);
    if (this.map.size >= this.capacity) this.map.delete(this.map.keys().next().value!);
    this.map.set(key, value);
  }

  clear(): void {
    this.map.clear();
    this.last = undefined;
  }

  get size(): number {
    return this.map.size;
  }
}
