import { appUrl, type Env } from '../env.js';
import type { SignedUpload } from './file-store.js';

/**
 * A URL the store made relative to the API (the fs store's PUT route) becomes absolute for scripts: on
 * APP_URL, as every link is (never the request's Host, which the sender chooses).
 */
export function absoluteUrl(env: Pick<Env, 'APP_URL' | 'PORT'>, url: string): string {
  return url.startsWith('/') ? `${appUrl(env)}${url}` : url;
}

/** A signed upload as every door answers it (the vault's and an invite's). */
export function signedUploadOut(env: Pick<Env, 'APP_URL' | 'PORT'>, upload: SignedUpload) {
  return {
    url: absoluteUrl(env, upload.url),
    storageKey: upload.key,
    method: upload.method,
    headers: upload.headers,
    expiresAt: upload.expiresAt.toISOString(),
  };
}
