import {
  accessLedgerQuery,
  idParamsSchema,
  propertyAccessLedgerQuery,
  revokeAccessInput,
} from '@propertydna/domain';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { okSchema } from '../auth/auth.schemas.js';
import { accessLedgerPageSchema } from './ledger.schemas.js';

/** The REST doors of the access ledger (issue 31 §3): each calls one procedure. */
export const ledgerRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'GET',
    url: '/api/account/access-ledger',
    summary:
      "Every access to the organisation's information by anyone other than its members (share links, vendor upload links, shared access, API tokens, PropertyDNA staff, transfers), newest first, 50 a page; filter by propertyId, kind, from and to (dates); older than two years counted per month in summary",
    tags: ['account'],
    capability: 'read',
    query: accessLedgerQuery,
    response: accessLedgerPageSchema,
    call: (caller, { query }) => caller.accessLedger.list(query),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/properties/:id/access-ledger',
    summary: "The access ledger of one property (another organisation's property: 404)",
    tags: ['account'],
    capability: 'read',
    params: idParamsSchema,
    query: propertyAccessLedgerQuery,
    response: accessLedgerPageSchema,
    call: (caller, { params, query }) => caller.accessLedger.list({ ...query, propertyId: params.id }),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/account/access-ledger/revoke',
    summary:
      "End the access a ledger row shows (its `revoke`): a share link, a vendor's upload link, a grant, an API token or a transfer pack link; 404 when it is not live",
    tags: ['account'],
    capability: 'shares.write',
    body: revokeAccessInput,
    example: { kind: 'share_link', id: '6f1c2a7e-3b9d-4f5e-8a21-0c4d7b9e1f30' },
    response: okSchema,
    call: (caller, { body }) => caller.accessLedger.revoke(body),
  }),
];
