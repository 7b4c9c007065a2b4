import { accountExportIdInput } from '@propertydna/domain';
import { type AnyRestRoute, defineRoute } from '../../rest/define-route.js';
import { accountExportSchema } from './export.schemas.js';

/** The REST routes of "Download all my data" (issue 31 §1): each a door to one procedure. */
export const accountExportRestRoutes: AnyRestRoute[] = [
  defineRoute({
    method: 'POST',
    url: '/api/account/export',
    summary:
      "Start an export of all the organisation's data (owner or admin, signed in; not with an API token): 202 with the export's id. A job packs one ZIP: every record as JSON under data/, every stored file under <property>/<kind>/<name>, manifest.json with each file's SHA-256 (checked while packing) and README.txt. When it is ready the requester is mailed; the download lasts 7 days. 409 while another export of the organisation is being prepared",
    tags: ['account'],
    capability: 'organization.export',
    response: accountExportSchema,
    errors: { 409: 'An export of this organisation is already being prepared' },
    call: (caller) => caller.accountExport.start(),
    status: 202,
  }),
  defineRoute({
    method: 'GET',
    url: '/api/account/export',
    summary: "The organisation's newest export that has not expired (null when there is none)",
    tags: ['account'],
    capability: 'organization.export',
    response: accountExportSchema.nullable(),
    call: (caller) => caller.accountExport.latest(),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/account/export/:id',
    summary:
      "An export's status and progress (files packed of the total); once ready, its size, SHA-256, expiry and download_url. 404 for another organisation's export, and once it has expired",
    tags: ['account'],
    capability: 'organization.export',
    params: accountExportIdInput,
    response: accountExportSchema,
    call: (caller, { params }) => caller.accountExport.status(params),
  }),
];
