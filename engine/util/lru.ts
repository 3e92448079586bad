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

/**
 * A cache of one entry, for a block's derived data (its text, JSON tree, body model, endpoint
 * match, line starts): the block read last. Readers go block by block and read that block many
 * times (a dozen lint rules; completion right after the keystroke's lint), so one is what hits.
 * More was worse: during the lint of a whole file, what caches of 64 blocks kept lived through V8's
 * young-generation collections, was promoted and then allocated in the old generation directly (V8
 * pretenures an allocation site whose objects survive), to die there: ~20 MB of old-generation
 * garbage after opening the 5,000-request file (issue 28; scripts/bench/probeOpen.mjs shows it).
 * Two fields, not a Map: a Map emptied and filled again per block made a new table each time.
 */
export class LastRead<K, V> {
  #key: K | undefined;
  #value: V | undefined;

  get(key: K): V | undefined {
    return key === this.#key ? this.#value : undefined;
  }

  set(key: K, value: V): void {
    this.#key = key;
    this.#value = value;
  }

  clear(): void {
    this.#key = undefined;
    this.#value = undefined;
  }
}
