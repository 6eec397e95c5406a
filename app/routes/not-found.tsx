import { data } from "react-router";

/*
 * Every address no other route matches (listed last in app/routes.ts). Its
 * loader and action answer 404, shown by the root's error boundary with the
 * site's header and footer. Through a route, not React Router's own 404, so the
 * root loader runs and the footer shows the current business settings.
 */

const notFound = () => {
  throw data(null, { status: 404, statusText: "Not Found" });
};

export const loader = notFound;
export const action = notFound;

// A component makes this a page route (without one it would be a resource
// route answering raw data); the loader always throws, so it never renders.
export default function NotFound() {
  return null;
}
