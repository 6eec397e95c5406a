import { Link } from "react-router";
import { SectionLink } from "./SectionLink";
import type { NAV_ITEMS } from "./site-nav";

/** One main-navigation item: a home section (SectionLink) or a page (Link). Used by header, menu and footer. */
export function NavItem({
  item,
  className,
  onNavigate,
}: {
  item: (typeof NAV_ITEMS)[number];
  className: string;
  onNavigate?: () => void;
}) {
  if ("anchor" in item) {
    return (
      <SectionLink anchor={item.anchor} className={className} onNavigate={onNavigate}>
        {item.label}
      </SectionLink>
    );
  }
  return (
    <Link to={item.to} className={className} onClick={onNavigate}>
      {item.label}
    </Link>
  );
}
