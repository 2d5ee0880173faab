import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; under our CSP (no 'unsafe-eval') its
// probe is a reported violation on every page. Interpreted parsing is fast enough for forms and API
// answers. Imported by every module that parses with zod in the browser (zod-resolver.ts for forms),
// before it parses.
z.config({ jitless: true });
