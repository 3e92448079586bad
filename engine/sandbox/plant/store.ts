// The local sandbox's plant store: plants and users in memory, seeded so every search has
// something to find. Pure data operations; HTTP lives in handler.ts. The session token
// generator comes in as a parameter so tests can pin tokens.
//
// Choices where document 3 says "not shown" (docs/openapi.md lists them, the OpenAPI document
// carries them as x-assumption):
// - a new plant's status defaults to `available`; ids are assigned 1, 2, 3, … in order;
// - an update names its plant by an extra `id` member, else by its exact `name`; members given
//   replace the stored ones, members left out keep their value; any status may follow any other;
// - `category` is stored but, like in PlantResponse, not returned.

export interface PlantRecord {
  id: number;
  name?: string;
  category?: string;
  tags?: string[];
  status?: string;
}

/** The Plant request shape (doc 3 §2): no id, nothing required. */
export interface PlantInput {
  name?: string;
  category?: string;
  tags?: string[];
  status?: string;
}

/** PlantResponse (doc 3 §2): id, name, status, tags. */
export interface PlantView {
  id: number;
  name?: string;
  status?: string;
  tags?: string[];
}

export interface UserRecord {
  id: number;
  username: string;
  email: string;
}

/** The sandbox user's login: a demo credential of the local sandbox, not a secret (docs/openapi.md). */
export const SANDBOX_USER = { username: 'user1', password: 'user1-sandbox-password' } as const;

const SEED_PLANTS: readonly PlantInput[] = [
  { name: 'Monstera deliciosa', category: 'Aroid', tags: ['indoor', 'tropical'], status: 'available' },
  { name: 'Aloe vera', category: 'Succulent', tags: ['succulent', 'indoor', 'medicinal'], status: 'pending' },
  { name: 'Fiddle-leaf fig', category: 'Ficus', tags: ['indoor'], status: 'sold' },
  { name: 'Echeveria elegans', category: 'Succulent', tags: ['succulent', 'outdoor'], status: 'available' },
];

export class PlantStore {
  private readonly plants = new Map<number, PlantRecord>();
  private readonly users = new Map<string, { user: UserRecord; password: string }>();
  private readonly sessions = new Map<string, string>(); // token -> username
  private nextId = 1;

  constructor(private readonly newToken: () => string) {
    for (const p of SEED_PLANTS) this.add(p);
    this.users.set(SANDBOX_USER.username, {
      user: { id: 1, username: SANDBOX_USER.username, email: 'user1@example.invalid' },
      password: SANDBOX_USER.password,
    });
  }

  add(input: PlantInput): PlantView {
    const record: PlantRecord = { id: this.nextId++, ...copy(input) };
    record.status ??= 'available';
    this.plants.set(record.id, record);
    return view(record);
  }

  /** The plant with that id, or the single plant with that exact name. */
  find(by: { id: number } | { name: string }): PlantRecord | undefined {
    if ('id' in by) return this.plants.get(by.id);
    return [...this.plants.values()].find((p) => p.name === by.name);
  }

  update(record: PlantRecord, input: PlantInput): PlantView {
    Object.assign(record, copy(input));
    return view(record);
  }

  get(id: number): PlantView | undefined {
    const p = this.plants.get(id);
    return p && view(p);
  }

  /** Plants with that status; every plant when no status is given. */
  byStatus(status: string | undefined): PlantView[] {
    return [...this.plants.values()].filter((p) => status === undefined || p.status === status).map(view);
  }

  /** Plants carrying at least one of the tags; every plant when no tag is given. */
  byTags(tags: readonly string[]): PlantView[] {
    return [...this.plants.values()].filter((p) => tags.length === 0 || tags.some((t) => p.tags?.includes(t))).map(view);
  }

  user(username: string): UserRecord | undefined {
    const u = this.users.get(username);
    return u && { ...u.user };
  }

  /** A session token, or undefined when the name or password is wrong. */
  login(username: string, password: string): string | undefined {
    const u = this.users.get(username);
    if (!u || u.password !== password) return undefined;
    const token = this.newToken();
    this.sessions.set(token, username);
    return token;
  }

  /** Ends the session of that token, if any; true when there was one. */
  logout(token: string | undefined): boolean {
    return token !== undefined && this.sessions.delete(token);
  }

  hasSession(token: string): boolean {
    return this.sessions.has(token);
  }
}

function copy(input: PlantInput): PlantInput {
  const out: PlantInput = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.category !== undefined) out.category = input.category;
  if (input.tags !== undefined) out.tags = [...input.tags];
  if (input.status !== undefined) out.status = input.status;
  return out;
}

function view(p: PlantRecord): PlantView {
  const v: PlantView = { id: p.id };
  if (p.name !== undefined) v.name = p.name;
  if (p.status !== undefined) v.status = p.status;
  if (p.tags !== undefined) v.tags = [...p.tags];
  return v;
}
