// TEMPORARY (part D1): the field rules as agreed in BRIEF-COMMON, until part A2 lands them in the domain.
import type { FieldProposal, ReadPage } from '@propertydna/domain';

export function proposeFields(_pages: ReadPage[], _hint?: { documentKind?: string }): FieldProposal {
  return { kind: 'unknown', certificate_type: null, fields: [] };
}

export function addressMismatch(_: {
  kind: string;
  read: string | null;
  property: string | null;
}): string | null {
  return null;
}
