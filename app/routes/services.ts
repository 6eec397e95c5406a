import { redirect } from "react-router";

/** `/services` is the home page's services section: a permanent redirect there. */
export function loader() {
  return redirect("/#services", 301);
}
