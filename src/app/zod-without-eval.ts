/**
 * The page's Content-Security-Policy (index.html) allows no eval, so zod cannot compile
 * its fast object parsers here anyway; without this, its probe for eval (a caught
 * `new Function`) is still reported as a policy violation on every page load. Imported
 * first by main.tsx, before any schema parses.
 */
import { config } from 'zod';

config({ jitless: true });
