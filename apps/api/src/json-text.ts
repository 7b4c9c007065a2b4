import { randomBytes } from 'node:crypto';

/**
 * JSON the database has already written (a list built with row_to_json): the REST door sends the
 * text as it is, and so does the tRPC door (stringifyTrpcAnswer); anything else that serializes it
 * with JSON.stringify gets the value through toJSON, so tRPC's inferred output type is `T`. Only for
 * routes that serialize from the response schema (serializeFromSchema), whose serializer knows it.
 */
export class JsonText<T> {
  constructor(readonly text: string) {}

  toJSON(): T {
    return JSON.parse(this.text) as T;
  }
}

// A stand-in no answer can contain by chance: JSON.stringify writes the NUL as `\u0000`, and the
// process's random nonce follows it.
const STAND_IN = `\u0000json-text:${randomBytes(12).toString('hex')}:`;
const STAND_IN_PATTERN = new RegExp(`${escapeRegExp(JSON.stringify(STAND_IN).slice(0, -1))}(\\d+)"`, 'g');

/**
 * JSON.stringify of tRPC's answer (one `{result: {data}}` or a batch of them), where a `data` that is a
 * JsonText is written as its own text instead of being parsed and encoded again: for a 1,000-property
 * list that is most of the answer's cost. Gives exactly what JSON.stringify gives; an answer without a
 * JsonText is stringified as it is.
 */
export function stringifyTrpcAnswer(answer: unknown): string {
  const texts: string[] = [];
  const standIn = (item: unknown): unknown => {
    const data = (item as { result?: { data?: unknown } } | null)?.result?.data;
    if (!(data instanceof JsonText)) return item;
    const { result } = item as { result: object };
    return { ...(item as object), result: { ...result, data: `${STAND_IN}${texts.push(data.text) - 1}` } };
  };
  const json = JSON.stringify(Array.isArray(answer) ? answer.map(standIn) : standIn(answer));
  return texts.length === 0
    ? json
    : json.replace(STAND_IN_PATTERN, (_match, index: string) => texts[Number(index)] as string);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
