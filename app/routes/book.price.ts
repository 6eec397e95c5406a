import { atEdge } from "~/server/app-error.server";
import { livePrice } from "~/server/online-booking/booking-choice.server";
import { loadPriceBook } from "~/server/price-book/price-book.server";
import { databaseContext } from "~/server/request-context.server";
import type { Route } from "./+types/book.price";

/**
 * GET /book/price?vehicle=…&package=…&zip=… — the live price of /book's
 * details form as it is filled in (docs/decisions/0128): the same fields and
 * the same reading as the page's own steps, priced by the server; the page
 * only shows the answer. An incomplete or wrong choice is a state of the
 * form (`open`, with the fields' messages), not a failed request.
 */
export const loader = atEdge(async ({ request, context }: Route.LoaderArgs) => {
  const book = await loadPriceBook(context.get(databaseContext));
  return Response.json(livePrice(book, new URL(request.url).searchParams), {
    // The owner may change a price at any moment; nothing here is worth indexing.
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
});
