// Shared test helpers: the committed test keys (test/fixtures/keys) and a temp dir.
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const KEYS_DIR = join(import.meta.dirname, '..', 'fixtures', 'keys');
export const keyPath = (name: string) => join(KEYS_DIR, name);
export const keyPem = (name: string) => readFileSync(keyPath(name), 'utf8');
export const tempDir = () => mkdtempSync(join(tmpdir(), 'payout-signing-'));
