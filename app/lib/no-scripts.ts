import type { UIMatch } from "react-router";

/**
 * A page that needs no JavaScript and ships none (the customer's pages: plain
 * HTML forms). Its route module says so itself, `export const handle = NO_SCRIPTS;`,
 * and the root layout then leaves out React Router's scripts (the modules,
 * their preloads, the hydration data) and its scroll restoration: for the page
 * and for the error page of its address (an unknown link, too many tries).
 * tests/integration/no-script-pages.test.ts finds these routes through
 * app/routes.ts and checks their HTML (docs/decisions/0098).
 */
export const NO_SCRIPTS = { scripts: false } as const;

/** Whether the page of these matches loads React Router's scripts: not when any of its routes declares NO_SCRIPTS. */
export function shipsScripts(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return !matches.some((m) => (m.handle as { scripts?: unknown } | undefined)?.scripts === false);
}
