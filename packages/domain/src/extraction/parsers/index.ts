export * from './amounts.js';
export * from './certificate-numbers.js';
export * from './dates.js';
export * from './registrations.js';
