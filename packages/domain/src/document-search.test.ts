import { describe, expect, it } from 'vitest';
import { DOCUMENT_KIND_LABELS, documentLabelMatches } from './document-search.js';
import { DOCUMENT_KINDS } from './documents.js';

describe('documentLabelMatches', () => {
  it('finds kinds and certificate types by any part of their label, whatever the case', () => {
    expect(documentLabelMatches('POLIC')).toEqual({ kinds: ['policy'], certificateTypes: [] });
    expect(documentLabelMatches('electric')).toEqual({
      kinds: [],
      certificateTypes: ['electrical_coc', 'electric_fence_coc'],
    });
    expect(documentLabelMatches('certificate').kinds).toEqual(['certificate']);
    expect(documentLabelMatches('certificate').certificateTypes).toContain('gas_coc');
  });

  it('matches nothing for text in no label', () => {
    expect(documentLabelMatches('Kloof Street')).toEqual({ kinds: [], certificateTypes: [] });
  });

  it('labels every kind', () => {
    for (const kind of DOCUMENT_KINDS) expect(DOCUMENT_KIND_LABELS[kind]).toMatch(/^[A-Z]/);
  });
});
