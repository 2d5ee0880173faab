// Forms validate with zod through this module, so zod is configured (zod-config.ts) before any form
// parses, in whichever lazily loaded chunk first needs it: the home page's first load carries no zod.
import './zod-config';

export { zodResolver } from '@hookform/resolvers/zod';
