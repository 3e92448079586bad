// undici's `request`, loaded from undici's own modules instead of its index. The index also loads
// fetch, WebSocket, cookies, caches and the mock agents, which the transport never uses: 525 KB of
// the minified CLI bundle against 295 KB for the dispatcher and its request API (the VSIX carries the
// bundle, so this keeps it under 600 KB). It is the same code undici's index runs: one Agent (the
// index's global dispatcher is one too) with the request API mixed into the Dispatcher prototype,
// exactly as undici/index.js does. undici publishes no "exports" map, so these paths resolve as
// files; the lock file pins the version they were checked against (test/http/transport.test.ts
// drives them over real sockets).
/* eslint-disable @typescript-eslint/no-require-imports -- undici's modules are CommonJS without types of their own */
import type { Agent as AgentClass, Dispatcher, errors as undiciErrors } from 'undici';

// Required on the first request, not when the bundle loads: the language server and the CLI's
// other commands start without evaluating undici (300 KB of the bundle).
interface Undici {
  Agent: typeof AgentClass;
  errors: typeof undiciErrors;
}
let loaded: Undici | undefined;
function undici(): Undici {
  if (!loaded) {
    const DispatcherBase = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
    Object.assign(DispatcherBase.prototype, require('undici/lib/api') as object);
    loaded = {
      Agent: require('undici/lib/dispatcher/agent') as typeof AgentClass,
      errors: require('undici/lib/core/errors') as typeof undiciErrors,
    };
  }
  return loaded;
}

/** undici's error classes (timeouts are told apart by class). */
export function undiciErrorClasses(): typeof undiciErrors {
  return undici().errors;
}

let agent: AgentClass | undefined;

/** undici.request(url, options) with a shared Agent. */
export function request(url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  agent ??= new (undici().Agent)();
  return agent.request({ ...options, origin: url.origin, path: `${url.pathname}${url.search}` });
}
