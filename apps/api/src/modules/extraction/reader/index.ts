export {
  createDocumentReader,
  type DocumentReader,
  type DocumentReaderOptions,
  defaultOcrWorkers,
  MAX_INPUT_PIXELS,
  MAX_PDF_PAGE_POINTS,
  MAX_RENDER_PIXELS,
  type ReadOptions,
  type ReadResult,
} from './reader.js';
