import type { Route } from "./+types/home";

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
