import type { Env } from '../env.js';
import { dataPaths } from '../env.js';
import type { FileStore } from './file-store.js';
import { FsFileStore } from './fs-store.js';
import { S3FileStore } from './s3-store.js';

/** Builds and initialises the store that STORAGE_DRIVER selects. */
export async function createFileStore(env: Env, secret: string): Promise<FileStore> {
  if (env.STORAGE_DRIVER === 's3') {
    // env.ts guarantees these are present when STORAGE_DRIVER=s3.
    const store = new S3FileStore({
      endpoint: env.S3_ENDPOINT ?? '',
      publicEndpoint: env.S3_PUBLIC_ENDPOINT,
      bucket: env.S3_BUCKET ?? '',
      accessKey: env.S3_ACCESS_KEY ?? '',
      secretKey: env.S3_SECRET_KEY ?? '',
      region: env.S3_REGION,
      ttlSeconds: env.SIGNED_URL_TTL_SECONDS,
    });
    await store.init(env.S3_REGION);
    return store;
  }
  const store = new FsFileStore({
    root: dataPaths(env).files,
    secret,
    ttlSeconds: env.SIGNED_URL_TTL_SECONDS,
  });
  await store.init();
  return store;
}
