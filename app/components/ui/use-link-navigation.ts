import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * One click handler that gives the plain `<a href>`s inside an element what a
 * `Link` gives its own: a client-side navigation. For a long list of links (a
 * customer's timeline of hundreds of entries), where a `Link` each is most of
 * the page's render on the server (docs/decisions/0094). The same rules as
 * `Link`: only a plain left click is taken (a modifier opens a tab or a
 * window, as the browser does), not a link with a target or `download`, nor
 * one to another origin; a link to the page itself replaces it in the history.
 * Without JavaScript the links are plain links. Give each `<a>` the attribute
 * `data-discover` so the router learns its route ahead, as for a `Link`.
 */
export function useLinkNavigation(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== window.location.origin) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    },
    [navigate],
  );
}
