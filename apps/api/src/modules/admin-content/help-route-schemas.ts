import { bearer, errorResponses } from '../auth/route-schemas';

/** What the help content and inbox routes share: their tag and security, and their error answers. */
export const schema = (summary: string) => ({ tags: ['admin'], summary, security: bearer });
export const reads = errorResponses(400, 401, 403, 404);
export const writes = errorResponses(400, 401, 403, 404, 419, 429);
