// The signing engine: canonical strings, keys, RSA-SHA256, v3 client assertions, mismatch diagnosis.
export * from './canonical';
export * from './keys';
export * from './rsa';
export * from './jwt';
export * from './explain';
export * from './signed';
export type { StringVariant } from './variants';
export * from './templates';
