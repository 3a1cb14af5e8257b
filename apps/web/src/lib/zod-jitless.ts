// Zod compiles a fast parser with `new Function` when it may; to find out, it tries once, and under
// our Content Security Policy (no 'unsafe-eval') that try is reported as a violation — a browser
// "issue" Lighthouse's best-practices audit counts — although zod swallows the error. Telling it
// to stay jitless skips the try. It reads this object when it first loads, so this module is the
// entry's first import (src/main.tsx). Decision 172.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
