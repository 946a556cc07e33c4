import { config } from 'zod';

// Zod 4 compiles object parsers with `new Function` when it may. Our page CSP allows no eval, so
// that never works here, and zod's first try (a probe) shows up as a CSP violation in the browser's
// Issues panel (Lighthouse "Best practices"). Imported first by main.tsx: schemas made after this
// line take the interpreted path straight away.
config({ jitless: true });
