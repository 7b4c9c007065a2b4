export * from './documents.js';
export * from './hash.js';
export * from './job-ref.js';
export * from './uploads.js';
export * from './users.js';
