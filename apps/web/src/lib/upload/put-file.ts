import { ResponseError } from '../error-message';

/** Headers the browser sets itself and refuses from a script (it would log an error for each). */
const FORBIDDEN_HEADERS = new Set(['content-length', 'host', 'connection', 'expect', 'transfer-encoding']);

export interface PutFileOptions {
  url: string;
  headers: Record<string, string>;
  body: Blob;
  /** Called with the bytes sent so far and the total as the upload goes. */
  onProgress?: (sentBytes: number, totalBytes: number) => void;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * PUTs a file to its signed URL (spec §4: upload the file) with XMLHttpRequest, whose upload events give
 * the progress that fetch cannot. A non-2xx answer rejects with a ResponseError carrying the server's
 * JSON body (its `error` field is the message `errorMessage` shows); a network failure rejects with a
 * plain Error, for which `errorMessage` gives its fallback.
 */
export function putFile({ url, headers, body, onProgress }: PutFileOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      if (!FORBIDDEN_HEADERS.has(name.toLowerCase())) request.setRequestHeader(name, value);
    }
    if (onProgress) {
      request.upload.onprogress = (event) => {
        onProgress(event.loaded, event.lengthComputable ? event.total : body.size);
      };
    }
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(body.size, body.size);
        resolve();
      } else {
        reject(new ResponseError(request.status, request.statusText, parseJson(request.responseText)));
      }
    };
    request.onerror = () => reject(new Error('The upload did not reach the server'));
    request.onabort = () => reject(new Error('The upload was cancelled'));
    request.ontimeout = () => reject(new Error('The upload timed out'));
    request.send(body);
  });
}
