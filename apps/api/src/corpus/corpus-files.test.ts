import { describe, expect, it } from 'vitest';
import { corpusArguments, readCorpusSpecs } from './corpus-files.js';

describe('corpusArguments', () => {
  it('takes every set but the third held-out one when none is named', () => {
    expect(corpusArguments([]).sets).toEqual(['tuning', 'held-out', 'held-out-2']);
  });

  it('takes held-out-3 when it is named, with ids and sources', () => {
    expect(corpusArguments(['--set', 'held-out-3', '--id', 'a', '--id', 'b', '--source', 'scan'])).toEqual({
      sets: ['held-out-3'],
      ids: ['a', 'b'],
      sources: ['scan'],
    });
  });

  it('refuses a set that does not exist', () => {
    expect(() => corpusArguments(['--set', 'held-out-8'])).toThrow(
      '--set is one of tuning, held-out, held-out-2, held-out-3, held-out-4, held-out-5, held-out-6, held-out-7',
    );
  });
});

describe('readCorpusSpecs', () => {
  it('reads the specs of held-out-2 in the order of their ids, checked by the schema', () => {
    const specs = readCorpusSpecs('held-out-2');
    const ids = specs.map((spec) => spec.id);
    expect(ids.length).toBeGreaterThanOrEqual(30);
    expect(ids).toEqual([...ids].sort());
    expect(readCorpusSpecs('held-out-2', [ids[1] as string]).map((spec) => spec.id)).toEqual([ids[1]]);
  });
});
