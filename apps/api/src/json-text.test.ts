import { describe, expect, it } from 'vitest';
import { JsonText, stringifyTrpcAnswer } from './json-text.js';

describe('stringifyTrpcAnswer', () => {
  const list = [
    { id: 'a', name: 'Kloof "House"\u0000', n: 1 },
    { id: 'b', metadata: { x: [1, null] } },
  ];
  const text = JSON.stringify(list);

  it('writes a JsonText answer as its own text, exactly as JSON.stringify would write the value', () => {
    const single = { result: { data: new JsonText(text) } };
    expect(stringifyTrpcAnswer(single)).toBe(JSON.stringify({ result: { data: list } }));
    const batch = [
      single,
      { result: { data: { total: 2 } } },
      { error: { message: 'No', code: -32004, data: { httpStatus: 404 } } },
      { result: { data: new JsonText('[]') } },
    ];
    expect(stringifyTrpcAnswer(batch)).toBe(
      JSON.stringify([{ result: { data: list } }, batch[1], batch[2], { result: { data: [] } }]),
    );
  });

  it('leaves answers without one as JSON.stringify writes them, stand-in look-alikes included', () => {
    const lookAlike = { result: { data: '\u0000json-text:0123:0' } };
    expect(stringifyTrpcAnswer(lookAlike)).toBe(JSON.stringify(lookAlike));
    const mixed = [lookAlike, { result: { data: new JsonText('[1]') } }];
    expect(stringifyTrpcAnswer(mixed)).toBe(JSON.stringify([lookAlike, { result: { data: [1] } }]));
  });
});
