import { createElement, type ReactElement, type SVGProps } from "react";

/**
 * The icons the public pages draw, as plain SVG: the path data of lucide
 * (ISC licence, lucide.dev), copied for the icons in use only, so the home
 * page's JavaScript carries neither lucide's runtime (createLucideIcon, its
 * context, class merging) nor icons it does not show (docs/decisions/0061).
 * The admin pages keep lucide-react itself.
 *
 * Same attributes and class names as lucide (`lucide lucide-<name>`), so the
 * markup and the CSS that targets it are unchanged. New icon: copy `node`
 * from node_modules/lucide-react/dist/esm/icons/<name>.mjs, without `key`.
 * Only icons shared by several components live here: an icon one section
 * uses is defined in that section's file, because a bundle chunk holds whole
 * modules and this one comes with every public page.
 */
export type SiteIcon = (props: SVGProps<SVGSVGElement>) => ReactElement;

type IconNode = [tag: string, attributes: Record<string, string>][];

export function icon(name: string, node: IconNode): SiteIcon {
  const children = node.map(([tag, attributes], i) => createElement(tag, { key: i, ...attributes }));
  return function Icon({ className, ...props }) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={24}
        height={24}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={`lucide lucide-${name}${className ? ` ${className}` : ""}`}
        {...props}
      >
        {children}
      </svg>
    );
  };
}

export const ArrowRight = /* @__PURE__ */ icon("arrow-right", [["path",{"d":"M5 12h14"}],["path",{"d":"m12 5 7 7-7 7"}]]);
export const Car = /* @__PURE__ */ icon("car", [["path",{"d":"M19 17h2c.6 0 1-.4 1-1v-3c0-.9-.7-1.7-1.5-1.9C18.7 10.6 16 10 16 10s-1.3-1.4-2.2-2.3c-.5-.4-1.1-.7-1.8-.7H5c-.6 0-1.1.4-1.4.9l-1.4 2.9A3.7 3.7 0 0 0 2 12v4c0 .6.4 1 1 1h2"}],["circle",{"cx":"7","cy":"17","r":"2"}],["path",{"d":"M9 17h6"}],["circle",{"cx":"17","cy":"17","r":"2"}]]);
export const Check = /* @__PURE__ */ icon("check", [["path",{"d":"M20 6 9 17l-5-5"}]]);
export const Clock = /* @__PURE__ */ icon("clock", [["circle",{"cx":"12","cy":"12","r":"10"}],["path",{"d":"M12 6v6l4 2"}]]);
export const MapPin = /* @__PURE__ */ icon("map-pin", [["path",{"d":"M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"}],["circle",{"cx":"12","cy":"10","r":"3"}]]);
export const Sailboat = /* @__PURE__ */ icon("sailboat", [["path",{"d":"M10 2v15"}],["path",{"d":"M7 22a4 4 0 0 1-4-4 1 1 0 0 1 1-1h16a1 1 0 0 1 1 1 4 4 0 0 1-4 4z"}],["path",{"d":"M9.159 2.46a1 1 0 0 1 1.521-.193l9.977 8.98A1 1 0 0 1 20 13H4a1 1 0 0 1-.824-1.567z"}]]);
export const Menu = /* @__PURE__ */ icon("menu", [["path",{"d":"M4 5h16"}],["path",{"d":"M4 12h16"}],["path",{"d":"M4 19h16"}]]);
export const X = /* @__PURE__ */ icon("x", [["path",{"d":"M18 6 6 18"}],["path",{"d":"m6 6 12 12"}]]);
export const Mail = /* @__PURE__ */ icon("mail", [["path",{"d":"m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7"}],["rect",{"x":"2","y":"4","width":"20","height":"16","rx":"2"}]]);
export const Phone = /* @__PURE__ */ icon("phone", [["path",{"d":"M13.832 16.568a1 1 0 0 0 1.213-.303l.355-.465A2 2 0 0 1 17 15h3a2 2 0 0 1 2 2v3a2 2 0 0 1-2 2A18 18 0 0 1 2 4a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2v3a2 2 0 0 1-.8 1.6l-.468.351a1 1 0 0 0-.292 1.233 14 14 0 0 0 6.392 6.384"}]]);
