import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; under our CSP (no 'unsafe-eval') its
// probe runs when a schema is defined (a z.object is created) and is a reported violation. Interpreted
// parsing is fast enough for forms and API answers. So every module that loads shared schemas imports
// this module (or zod-resolver.ts, which does) before them; zod-config.test.ts checks it.
z.config({ jitless: true });
