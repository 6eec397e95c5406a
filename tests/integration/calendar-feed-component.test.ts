import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { CalendarFeed } from "~/components/schedule/CalendarFeed";

// @ci-once: reads only files; CI's second pass, on the embedded database, skips it.

// The schedule page's calendar feed block, rendered as the server renders it
// (no JavaScript needed): the address to copy, read-only and labelled, and
// Reset feed address as a plain POST to its action route.
function render(props: Parameters<typeof CalendarFeed>[0]): string {
  const Stub = createRoutesStub([{ path: "/admin/schedule", Component: () => createElement(CalendarFeed, props) }]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin/schedule"] }));
}

describe("CalendarFeed", () => {
  const address = "https://shine.example/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz012345.ics";

  it("shows the address in a labelled read-only input and posts the reset to /admin/schedule/feed", () => {
    const html = render({ address });
    const input = /<input[^>]*id="calendar-feed-address"[^>]*>/.exec(html)?.[0] ?? "";
    expect(html).toContain('<label for="calendar-feed-address"');
    expect(html).toMatch(/<label[^>]*>Calendar feed address<\/label>/);
    expect(input).toContain("readOnly");
    expect(input).toContain(`value="${address}"`);
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/admin/schedule/feed"');
    expect(html).toMatch(/<button type="submit"[^>]*>Reset feed address<\/button>/);
    expect(html).toContain("Google Calendar");
    expect(html).toContain("Apple");
    expect(html).not.toContain("was reset");
  });

  it("says so after a reset", () => {
    expect(render({ address, justReset: true })).toContain("The feed address was reset: the old one no longer works.");
  });
});
