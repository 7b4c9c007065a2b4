import { describe, expect, it } from 'vitest';
import { appUrl, parseEnv } from './env.js';

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
