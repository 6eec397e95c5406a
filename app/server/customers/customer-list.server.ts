import { sql } from "kysely";
import type { ListQuery, ListSpec } from "~/lib/list-query";
import type { DB } from "../db.server";
import { phoneDigits } from "./matching.server";

/**
 * /admin/customers: the live customers (not merged into another), searched
 * by name, e-mail or the phone's digits, sorted and paged by the one list
 * query (lib/list-query).
 */

export const CUSTOMERS_PAGE_SIZE = 25;

export const CUSTOMERS_LIST: ListSpec = {
  properties: {
    name: { type: "string", searchable: true, sortable: true },
    email: { type: "string", searchable: true, sortable: true },
    phone: { type: "string", searchable: true },
    requests: { type: "integer", sortable: true },
    created_at: { type: "string", sortable: true },
  },
  defaultSort: { field: "created_at", direction: "desc" },
  pageSize: CUSTOMERS_PAGE_SIZE,
};

export interface CustomerRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  requests: number;
  created_at: Date;
}

const SORTS: Record<string, string> = { name: "lower(c.name)", email: "lower(c.email)", requests: "requests", created_at: "c.created_at" };

export async function listCustomers(db: DB, query: ListQuery): Promise<{ customers: CustomerRow[]; total: number }> {
  const matches = searchCondition(query.q);
  const order = SORTS[query.sort.field] ?? SORTS.created_at!;
  const direction = query.sort.direction === "asc" ? sql`ASC` : sql`DESC`;
  const [page, count] = await Promise.all([
    sql<CustomerRow>`SELECT c.id, c.name, c.email, c.phone, c.created_at,
        (SELECT count(*) FROM quote_requests q WHERE q.customer_id = c.id)::int AS requests
      FROM customers c WHERE c.merged_into IS NULL AND ${matches}
      ORDER BY ${sql.raw(order)} ${direction}, c.id ${direction}
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM customers c WHERE c.merged_into IS NULL AND ${matches}`.execute(db),
  ]);
  return { customers: page.rows, total: count.rows[0]!.n };
}

/** Every word must be in the name, the e-mail or (as digits) the phone. */
function searchCondition(q: string) {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return sql`true`;
  return sql.join(
    words.map((word) => {
      const like = `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const digits = phoneDigits(word);
      const byPhone = digits.length >= 3 ? sql` OR c.phone_digits LIKE ${`%${digits}%`}` : sql``;
      return sql`(lower(c.name) LIKE ${like} OR lower(c.email) LIKE ${like}${byPhone})`;
    }),
    sql` AND `,
  );
}
