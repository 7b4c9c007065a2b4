import { accountExportJob } from './export.service.js';

/** Issue 31 §1: the background work of "Download all my data". */
export const accountExportJobs = [accountExportJob];
