// HTTP front of the sandbox plant store: every operation of contracts/plant-store.openapi.json,
// with the 400/404 answers the document gives (and the ones the project chose where it says
// "not shown", see docs/openapi.md). The sandbox server mounts it under /plant-store/v3 and
// passes the path after that prefix.
//
// Request shapes are read from the OpenAPI document (the Plant schema, the status enum), so the
// store accepts exactly what completion and lint suggest.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { plantStoreApi } from '../../openapi/plantStore';
import { validateSchema } from '../../openapi/schemaCheck';
import { PlantStore, type PlantInput } from './store';

export type PlantHandler = (req: IncomingMessage, res: ServerResponse, path: string, body: string) => boolean;

// Loaded with the sandbox, which serves the store: its first need.
const { document: plantStoreDocument, endpoints: plantStoreEndpoints } = plantStoreApi();
const components = plantStoreDocument.components as { schemas: Record<string, unknown> };
const PLANT_SCHEMA = components.schemas.Plant;
const STATUS_VALUES: readonly string[] =
  plantStoreEndpoints.find((e) => e.id.endsWith('.findPlantsByStatus'))?.query?.find((q) => q.name === 'status')?.enum ?? [];

/** Operations by path pattern; `{x}` segments capture. Literal paths are listed before templated ones. */
const ROUTES: { pattern: string; methods: Record<string, Op> }[] = [
  { pattern: '/plant', methods: { PUT: updatePlant, POST: addPlant } },
  { pattern: '/plant/search/status', methods: { GET: findByStatus } },
  { pattern: '/plant/search/tags', methods: { GET: findByTags } },
  { pattern: '/plant/{plantId}', methods: { GET: getPlant } },
  { pattern: '/user/login', methods: { GET: login } },
  { pattern: '/user/auth/logout', methods: { GET: logout } },
  { pattern: '/user/{username}', methods: { GET: getUser } },
  { pattern: '/openapi.json', methods: { GET: () => ({ status: 200, body: plantStoreDocument }) } },
];

interface Call {
  store: PlantStore;
  params: Record<string, string>;
  query: URLSearchParams;
  body: string;
  headers: IncomingMessage['headers'];
}
interface Answer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Op = (call: Call) => Answer;

function error(status: number, message: string): Answer {
  return { status, body: { code: status, type: 'error', message } };
}

/** A handler over its own store (tests pass a store with a pinned token generator). */
export function createPlantHandler(store: PlantStore): PlantHandler {
  return (req, res, path, body) => {
    const q = path.indexOf('?');
    const rawPath = q < 0 ? path : path.slice(0, q);
    const rawQuery = q < 0 ? '' : path.slice(q + 1);
    const cleanPath = (rawPath || '/').replace(/\/+$/, '') || '/';
    if (!/^\/(plant|user)(\/|$)|^\/openapi\.json$/.test(cleanPath)) return false;
    let answer: Answer;
    try {
      answer = route(store, req, cleanPath, rawQuery || new URL(req.url ?? '/', 'http://x').search.slice(1), body);
    } catch (e) {
      // Never let a bug crash the sandbox: answer 500 with the reason.
      answer = error(500, `The sandbox plant store failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    send(res, answer);
    return true;
  };
}

function route(store: PlantStore, req: IncomingMessage, path: string, rawQuery: string, body: string): Answer {
  const segments = path
    .split('/')
    .slice(1)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  for (const r of ROUTES) {
    const parts = r.pattern.split('/').slice(1);
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    if (!parts.every((p, i) => (p.startsWith('{') ? ((params[p.slice(1, -1)] = segments[i]!), true) : p === segments[i]))) continue;
    const method = (req.method ?? 'GET').toUpperCase();
    const op = r.methods[method];
    if (!op) {
      const allow = Object.keys(r.methods).join(', ');
      return { ...error(405, `${method} is not an operation of ${r.pattern}; use ${allow}.`), headers: { Allow: allow } };
    }
    return op({ store, params, query: new URLSearchParams(rawQuery), body, headers: req.headers });
  }
  const known = ROUTES.map((r) => `${Object.keys(r.methods).join('/')} ${r.pattern}`).join('; ');
  return error(404, `No plant store operation at ${path}; the store answers: ${known}.`);
}

function send(res: ServerResponse, a: Answer): void {
  const headers: Record<string, string> = { ...a.headers };
  let payload = '';
  if (a.body !== undefined) {
    payload = JSON.stringify(a.body);
    headers['Content-Type'] = 'application/json';
  }
  headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(a.status, headers);
  res.end(payload);
}

/** The JSON body as a Plant, or a 400 that says what to fix. */
function readPlant(body: string): { plant: PlantInput; raw: Record<string, unknown> } | Answer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return error(
      400,
      body.trim() === ''
        ? 'The body is empty; send a JSON Plant, e.g. {"name": "Monstera", "status": "available"}, with Content-Type: application/json.'
        : 'The body is not valid JSON; send a JSON Plant object with Content-Type: application/json.',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return error(400, 'The body must be a JSON object of the Plant shape (name, category, tags, status).');
  }
  const issues = validateSchema(PLANT_SCHEMA, parsed);
  if (issues.length > 0) {
    return error(400, `The body does not match the Plant shape: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}.`);
  }
  const raw = parsed as Record<string, unknown>;
  return {
    plant: {
      name: raw.name as string | undefined,
      category: raw.category as string | undefined,
      tags: raw.tags as string[] | undefined,
      status: raw.status as string | undefined,
    },
    raw,
  };
}

function isAnswer(x: object): x is Answer {
  return 'status' in x && typeof (x as Answer).status === 'number';
}

function addPlant(call: Call): Answer {
  const read = readPlant(call.body);
  if (isAnswer(read)) return read;
  // The Plant shape has no id: an `id` member is ignored, the store assigns ids.
  return { status: 200, body: call.store.add(read.plant) };
}

function updatePlant(call: Call): Answer {
  const read = readPlant(call.body);
  if (isAnswer(read)) return read;
  const { raw, plant } = read;
  let target;
  if (raw.id !== undefined) {
    if (typeof raw.id !== 'number' || !Number.isSafeInteger(raw.id) || raw.id < 1) {
      return error(400, `Invalid ID supplied: "id" must be a positive integer naming the plant to update, got ${JSON.stringify(raw.id)}.`);
    }
    target = call.store.find({ id: raw.id });
    if (!target) return error(404, `Plant not found: no plant has id ${raw.id}; GET /plant/search/status lists the plants with their ids.`);
  } else if (typeof plant.name === 'string') {
    target = call.store.find({ name: plant.name });
    if (!target)
      return error(
        404,
        `Plant not found: no plant is named ${JSON.stringify(plant.name)}; add an "id" member to name the plant by id, or POST /plant to add it.`,
      );
  } else {
    return error(
      400,
      'Invalid ID supplied: name the plant to update with an integer "id" member (the Plant shape has none, the sandbox accepts it) or with its exact "name".',
    );
  }
  return { status: 200, body: call.store.update(target, plant) };
}

function findByStatus(call: Call): Answer {
  const status = call.query.get('status') ?? undefined;
  if (status !== undefined && !STATUS_VALUES.includes(status)) {
    return error(
      400,
      `Invalid status ${JSON.stringify(status)}; use one of ${STATUS_VALUES.join(', ')}, or leave it out to list every plant.`,
    );
  }
  return { status: 200, body: call.store.byStatus(status) };
}

function findByTags(call: Call): Answer {
  // The document sends one comma-separated list (style form, explode false); repeated
  // parameters are accepted too, as clients generated for explode true send them.
  const tags = call.query
    .getAll('tags')
    .flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return { status: 200, body: call.store.byTags(tags) };
}

function getPlant(call: Call): Answer {
  const raw = call.params.plantId ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) {
    return error(400, `Invalid ID supplied: plantId must be a positive integer, got ${JSON.stringify(raw)}.`);
  }
  const plant = call.store.get(id);
  return plant
    ? { status: 200, body: plant }
    : error(404, `Plant not found: no plant has id ${id}; GET /plant/search/status lists the plants with their ids.`);
}

function getUser(call: Call): Answer {
  const name = call.params.username ?? '';
  const user = call.store.user(name);
  return user
    ? { status: 200, body: user }
    : error(404, `User not found: no user is named ${JSON.stringify(name)}; the sandbox has the user "user1".`);
}

function login(call: Call): Answer {
  const username = call.query.get('username');
  const password = call.query.get('password');
  if (!username || !password) {
    return error(400, `Missing ${!username ? 'username' : 'password'}; send both as query parameters: /user/login?username=…&password=….`);
  }
  const token = call.store.login(username, password);
  // The message does not say which of the two was wrong, like any login.
  return token
    ? { status: 200, body: token }
    : error(400, 'Invalid username/password supplied; the sandbox user is described in docs/openapi.md.');
}

function logout(call: Call): Answer {
  const auth = call.headers.authorization;
  const token = typeof auth === 'string' && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, '').trim() : undefined;
  call.store.logout(token);
  return { status: 200 };
}

let defaultStore: PlantStore | undefined;
let defaultHandler: PlantHandler | undefined;

/**
 * The sandbox's plant store endpoint: answers a request to `path` (the part after /v3, with or
 * without its `?query`) and returns true, or returns false when the path is not the store's.
 */
export function handlePlantRequest(req: IncomingMessage, res: ServerResponse, path: string, body: string): boolean {
  if (!defaultHandler) {
    defaultStore = new PlantStore(() => `plant-session-${randomUUID()}`);
    defaultHandler = createPlantHandler(defaultStore);
  }
  return defaultHandler(req, res, path, body);
}

/** Back to the seeded plants and no sessions (the sandbox's reset). */
export function resetPlantStore(): void {
  defaultStore = undefined;
  defaultHandler = undefined;
}
