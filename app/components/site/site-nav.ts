/** The main navigation's items, shared by the header and the footer. */
export const NAV_ITEMS: ({ label: string; anchor: string } | { label: string; to: string })[] = [
  { label: "Services", anchor: "services" },
  { label: "Cars", anchor: "car-services" },
  { label: "Boats", anchor: "boat-services" },
  { label: "About", to: "/about" },
  { label: "Contact", anchor: "contact" },
];

/** Past this many pixels of scrolling the header turns dark (product spec §9). */
export const HEADER_SCROLL_THRESHOLD_PX = 50;
