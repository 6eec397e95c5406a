import type { Route } from "./+types/home";
import { quoteAction } from "~/server/quote-route.server";

// The quote form's plain (no-JavaScript) post: see app/components/site/QuoteForm.tsx.
export async function action(args: Route.ActionArgs) {
  return quoteAction(args);
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "Mobile Car & Boat Detailing in Grand Rapids" }];
}

export default function Home() {
  return (
    <main>
      <h1>Mobile Car &amp; Boat Detailing</h1>
    </main>
  );
}
