import { redirect } from "react-router";
import { parseListQuery, withPage, type ListQuery, type ListSpec } from "~/lib/list-query";

/**
 * A list page's loader (the estimates', the invoices'): the list query read
 * from the URL (a parameter that cannot be honoured is named in the banner
 * and left out of every link), the page's view, and past the last page (an
 * old link, or rows gone to the trash) a redirect to the last page.
 */
export async function listPage<V extends { pager: { pages: number } }>(
  spec: ListSpec,
  request: Request,
  view: (query: ListQuery) => Promise<V>,
  href: (query: ListQuery) => string,
): Promise<V & { error: string | undefined }> {
  const parsed = parseListQuery(spec, new URL(request.url).searchParams);
  const query = parsed.ok ? parsed.query : parsed.fallback;
  const shown = await view(query);
  const last = Math.max(1, shown.pager.pages);
  if (query.page > last) throw redirect(href(withPage(query, last)));
  return { ...shown, error: parsed.ok ? undefined : parsed.error };
}
