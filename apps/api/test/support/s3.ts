import fs from 'node:fs/promises';
import S3rver from 's3rver';
import { S3FileStore } from '../../src/storage/s3-store.js';
import { makeTempDir } from './app.js';

/** An S3 store on an s3rver started for the test (s3rver takes the S3RVER/S3RVER credentials). */
export async function startS3Store(
  bucket: string,
): Promise<{ store: S3FileStore; endpoint: string; close: () => Promise<void> }> {
  const directory = await makeTempDir('pdna-s3rver-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const store = new S3FileStore({
    endpoint,
    bucket,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    region: 'us-east-1',
    ttlSeconds: 300,
  });
  await store.init('us-east-1');
  return {
    store,
    endpoint,
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
