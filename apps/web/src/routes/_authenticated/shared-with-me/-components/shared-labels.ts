import { formatDate, GRANT_ROLE_LABELS, GRANT_SCOPE_LABELS } from '@propertydna/domain';
import type { RouterOutputs } from '../../../../lib/trpc';

/** One live grant as "Shared with me" lists it (GET /api/shared-with-me). */
export type SharedGrant = RouterOutputs['grants']['sharedWithMe'][number];

export const SHARED_WITH_ME_PAGE = {
  title: 'Shared with me',
  subtitle: 'Properties other organisations gave you read-only access to',
  none: 'Nothing is shared with you yet. When an owner gives you access to a property, it appears here.',
} as const;

/** "Conveyancer · Documents and compliance · until 26 Feb 2027": what the grant is, in one line. */
export const grantTerms = (grant: Pick<SharedGrant, 'role' | 'scope' | 'expires_at'>) =>
  `${GRANT_ROLE_LABELS[grant.role]} · ${GRANT_SCOPE_LABELS[grant.scope]} · until ${formatDate(grant.expires_at)}`;

/** The grantee's plain links to a document of the granted property, authenticated by the session cookie. */
const grantDocumentUrl = (grantId: string, documentId: string, action: 'view' | 'download') =>
  `/api/shared-with-me/${encodeURIComponent(grantId)}/documents/${encodeURIComponent(documentId)}/${action}`;
export const sharedDocumentViewUrl = (grantId: string, documentId: string) =>
  grantDocumentUrl(grantId, documentId, 'view');
export const sharedDocumentDownloadUrl = (grantId: string, documentId: string) =>
  grantDocumentUrl(grantId, documentId, 'download');
