// A worker thread started from a file, as tesseract.js starts its workers: tells the parent what a
// fetch to the outside gives here (read-offline.ts proves the network block reaches worker threads).
const { parentPort } = require('node:worker_threads');

fetch('https://cdn.jsdelivr.net/npm/@tesseract.js-data/eng/4.0.0/eng.traineddata.gz').then(
  () => parentPort.postMessage('fetched'),
  (error) => parentPort.postMessage(error.message),
);
