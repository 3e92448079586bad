import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  KNOWN_VARIABLES,
  PRIVATE_ENV_FILE,
  PUBLIC_ENV_FILE,
  SECRET_VARIABLES,
  combineEnvironments,
  isSecretVariable,
  maskSecret,
} from '../../engine/syntax/environments';
import { loadEnvironments, readEnvFiles } from '../../engine/workspace/envFiles';
import { removeFolder } from '../helpers/folders';

describe('syntax/environments', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'payout-env-'));
  });
  afterEach(() => removeFolder(root));

  const write = (dir: string, name: string, content: unknown) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  };

  it('finds the pair in the nearest parent folder and merges $shared, private over public', () => {
    write(root, PUBLIC_ENV_FILE, {
      $shared: { userEmail: 'shared@example.com', lang: 'en' },
      sandbox: { base_url: 'https://sandbox.example', partnerCode: 'PUB' },
      production: { base_url: 'https://api.example' },
    });
    write(root, PRIVATE_ENV_FILE, {
      $shared: { lang: 'vi' },
      sandbox: { partnerCode: 'PRIV', secretKey: 's3cret' },
      local: { base_url: 'http://127.0.0.1:1' },
    });
    const deep = join(root, 'a', 'b');
    mkdirSync(deep, { recursive: true });
    const envs = loadEnvironments(deep);
    assert.deepEqual(envs.problems, []);
    assert.deepEqual(envs.names, ['sandbox', 'production', 'local']);
    assert.deepEqual(envs.files, [join(root, PUBLIC_ENV_FILE), join(root, PRIVATE_ENV_FILE)]);
    assert.deepEqual(envs.variables('sandbox'), {
      userEmail: 'shared@example.com',
      lang: 'vi',
      base_url: 'https://sandbox.example',
      partnerCode: 'PRIV',
      secretKey: 's3cret',
    });
    assert.equal(envs.variables('production').lang, 'vi');
    assert.deepEqual(envs.variables('nope'), { userEmail: 'shared@example.com', lang: 'vi' });
  });

  it('stops at the nearest folder that has either file', () => {
    write(root, PUBLIC_ENV_FILE, { far: {} });
    write(join(root, 'near'), PRIVATE_ENV_FILE, { near: { a: 1, b: true, c: { d: null } } });
    const envs = loadEnvironments(join(root, 'near'));
    assert.deepEqual(envs.names, ['near']);
    assert.deepEqual(envs.variables('near'), { a: '1', b: 'true', c: '{"d":null}' });
  });

  it('reports a malformed file with its line and the fix, never throwing', () => {
    write(root, PUBLIC_ENV_FILE, '{\n  "sandbox": {\n    "base_url": "https://x",\n  }\n}\n');
    const envs = readEnvFiles(root);
    assert.equal(envs.problems.length, 1);
    const p = envs.problems[0];
    assert.equal(p.file, join(root, PUBLIC_ENV_FILE));
    assert.equal(p.line, 4);
    assert.match(p.message, /http-client\.env\.json line 4/);
    assert.match(p.message, /trailing comma/);
    assert.equal(envs.variables('sandbox').base_url, 'https://x', 'what could be read is used');
  });

  it('reports wrong shapes and secrets in the public file', () => {
    write(root, PUBLIC_ENV_FILE, { sandbox: 'https://x', prod: { secretKey: 'oops' } });
    write(root, PRIVATE_ENV_FILE, '[1, 2]');
    const envs = readEnvFiles(root);
    const messages = envs.problems.map((p) => p.message).join('\n');
    assert.match(messages, /environment "sandbox" must be an object/);
    assert.match(messages, /"secretKey" is a secret .* move it to http-client\.private\.env\.json/);
    assert.match(messages, /must hold one JSON object/);
    assert.ok(!messages.includes('oops'), 'a secret value is never in a message');
    assert.equal(readEnvFiles(root).variables('prod').secretKey, 'oops');
  });

  it('gives empty environments when there are no files at all', () => {
    const envs = readEnvFiles(join(root, 'missing'));
    assert.deepEqual(envs.names, []);
    assert.deepEqual(envs.files, []);
    assert.deepEqual(envs.variables('sandbox'), {});
  });

  it('combines sources, later ones winning', () => {
    write(join(root, 'user'), PUBLIC_ENV_FILE, { local: { base_url: 'https://user', partnerCode: 'U' }, sandbox: {} });
    write(join(root, 'state'), PRIVATE_ENV_FILE, { local: { base_url: 'http://127.0.0.1:4010', secretKey: 'k' } });
    const envs = combineEnvironments(readEnvFiles(join(root, 'user')), readEnvFiles(join(root, 'state')));
    assert.deepEqual(envs.names, ['local', 'sandbox']);
    assert.deepEqual(envs.variables('local'), { base_url: 'http://127.0.0.1:4010', partnerCode: 'U', secretKey: 'k' });
    assert.equal(envs.files.length, 2);
  });

  it('knows which names are secrets and masks them', () => {
    for (const s of SECRET_VARIABLES) assert.ok(isSecretVariable(s), s);
    assert.ok(isSecretVariable('stagingSecretKey'));
    assert.ok(isSecretVariable('myApiToken'));
    assert.ok(!isSecretVariable('privateKeyFile'));
    assert.ok(!isSecretVariable('partnerCode'));
    assert.equal(maskSecret('secretKey', 'abc'), '<secretKey>');
    assert.equal(maskSecret('partnerCode', 'P1'), 'P1');
    for (const k of KNOWN_VARIABLES) assert.equal(k.secret, isSecretVariable(k.name), k.name);
    assert.deepEqual(KNOWN_VARIABLES.map((k) => k.name).slice(0, 7), [
      'base_url',
      'plant_base_url',
      'partnerCode',
      'secretKey',
      'privateKeyFile',
      'servicePublicKeyFile',
      'userEmail',
    ]);
  });
});
