/** The main navigation's items, shared by the header and the footer. */
export const NAV_ITEMS: ({ label: string; anchor: string } | { label: string; to: string })[] = [
  { label: "Services", anchor: "services" },
  { label: "Cars", anchor: "car-services" },
  { label: "Boats", anchor: "boat-services" },
  { label: "About", to: "/about" },
  { label: "Contact", anchor: "contact" },
];

/** Book online with an instant price (ui-contract.md "Book online"): beside Get a Quote in the header, in the menu and the hero. */
export const BOOK_ONLINE = { label: "Book Online", to: "/book" } as const;

/** Past this many pixels of scrolling the header turns dark (it is transparent over the hero above it). */
export const HEADER_SCROLL_THRESHOLD_PX = 50;

/** Where a signed-in administrator's Dashboard link in the public header goes: the lead inbox. */
export const DASHBOARD_PATH = "/admin/leads";
