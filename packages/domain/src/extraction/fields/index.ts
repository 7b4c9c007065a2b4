export { addressMismatch } from './address.js';
export { proposeFields } from './propose.js';
