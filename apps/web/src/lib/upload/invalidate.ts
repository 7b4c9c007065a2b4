import { invalidatePropertyLists, type PropertyListUtils } from '../properties';

/** The part of the tRPC utilities (the hook's or the router's) these invalidations use. */
interface DocumentQueryUtils {
  documents: {
    byProperty: { invalidate: (input?: { propertyId?: string }) => Promise<void> };
    list: { invalidate: () => Promise<void> };
  };
  properties: PropertyListUtils['properties'] & {
    stats: { invalidate: () => Promise<void> };
  };
  compliance: {
    policyCheck: { invalidate: (input?: { id?: string }) => Promise<void> };
  };
}

/**
 * After documents change (uploaded, deleted, expiry edited): the lists that show or count them are
 * refetched (the vault of each property concerned, the vault of all documents, the portfolio's lists with
 * their document counts and compliance, the dashboard statistics), and each property's compliance check (the
 * server reruns a check whose documents changed), and nothing else.
 */
export async function invalidateDocumentQueries(
  utils: DocumentQueryUtils,
  propertyIds: readonly (string | null)[],
): Promise<void> {
  const ids = [...new Set(propertyIds.filter((id): id is string => Boolean(id)))];
  await Promise.all([
    ...ids.map((propertyId) => utils.documents.byProperty.invalidate({ propertyId })),
    ...ids.map((id) => utils.compliance.policyCheck.invalidate({ id })),
    utils.documents.list.invalidate(),
    invalidatePropertyLists(utils),
    utils.properties.stats.invalidate(),
  ]);
}
