export * from './amounts.js';
export * from './dates.js';
