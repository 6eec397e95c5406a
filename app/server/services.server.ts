import type { ServiceKind } from "~/lib/service-icons";
import type { DB } from "./db.server";

export interface PublicService {
  id: number;
  title: string;
  description: string;
  icon: string;
}

/**
 * The home page's car and boat service lists, from the `services` table the
 * owner edits in the dashboard: each kind in sort_order, then id.
 */
export async function listServicesByKind(db: DB): Promise<Record<ServiceKind, PublicService[]>> {
  const rows = await db
    .selectFrom("services")
    .select(["id", "kind", "title", "description", "icon"])
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  const lists: Record<ServiceKind, PublicService[]> = { car: [], boat: [] };
  for (const { kind, ...service } of rows) if (kind === "car" || kind === "boat") lists[kind].push(service);
  return lists;
}
