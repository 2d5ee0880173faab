import '#lib/zod-config';
import { ActivityQuery } from '@app/shared/schemas/activity';

/** The Activity filters' schema (the API's own), loaded once the member picks a date (decision 170). */
export { ActivityQuery };
