import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appUrl, parseEnv, resolveDataDir } from './env.js';

describe('APP_URL', () => {
  it('defaults to this machine while the server listens only on it', () => {
    for (const HOST of ['127.0.0.1', 'localhost', '::1']) {
      expect(appUrl(parseEnv({ HOST, PORT: '3000' }))).toBe('http://localhost:3000');
    }
  });

  it('is required once others can reach the server, and then starts every link', () => {
    expect(() => parseEnv({ HOST: '0.0.0.0' })).toThrow(/APP_URL: APP_URL is required when HOST=0\.0\.0\.0/);
    expect(() => parseEnv({ HOST: '10.0.0.5', NODE_ENV: 'production' })).toThrow(/APP_URL is required/);
    expect(appUrl(parseEnv({ HOST: '0.0.0.0', APP_URL: 'https://dna.example.co.za/' }))).toBe(
      'https://dna.example.co.za',
    );
  });
});

describe('DATA_DIR: one data directory whichever command and directory it starts from', () => {
  const repo = path.resolve(import.meta.dirname, '../../..');

  it('defaults to data/ at the repository root, from the root or from apps/api', () => {
    expect(resolveDataDir({}, repo)).toBe(path.join(repo, 'data'));
    expect(resolveDataDir({}, path.join(repo, 'apps/api'))).toBe(path.join(repo, 'data'));
    // pnpm runs apps/api's scripts in apps/api with INIT_CWD the directory the user ran pnpm from.
    expect(resolveDataDir({ INIT_CWD: repo }, path.join(repo, 'apps/api'))).toBe(path.join(repo, 'data'));
    expect(parseEnv({ INIT_CWD: path.join(repo, 'apps/web') }).DATA_DIR).toBe(path.join(repo, 'data'));
  });

  it('reads a relative DATA_DIR against the directory pnpm was run from, else the process directory', () => {
    const env = { DATA_DIR: './local-data', INIT_CWD: repo };
    expect(resolveDataDir(env, path.join(repo, 'apps/api'))).toBe(path.join(repo, 'local-data'));
    expect(resolveDataDir({ DATA_DIR: 'store' }, '/srv/app')).toBe('/srv/app/store');
    expect(parseEnv({ DATA_DIR: '/var/lib/propertydna', INIT_CWD: repo }).DATA_DIR).toBe(
      '/var/lib/propertydna',
    );
  });

  it('outside any repository, unset is ./data of where it runs', () => {
    expect(resolveDataDir({}, '/')).toBe('/data');
  });
});
