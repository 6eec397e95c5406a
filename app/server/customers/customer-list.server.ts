import { sql } from "kysely";
import type { ListQuery, ListSpec } from "~/lib/list-query";
import type { DB } from "../db.server";
import { digitsLike, like as wordLike, searchTerms } from "../search-terms.server";

/**
 * /admin/customers: the live customers (not merged into another, not erased:
 * docs/decisions/0122), searched
 * by name, e-mail, vehicle or the phone's digits, sorted and paged by the one list
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
  /** The phone's number in E.164 form ("" when it is not one) and extension (docs/decisions/0108). */
  phone_e164: string;
  phone_ext: string;
  requests: number;
  created_at: Date;
}

const SORTS: Record<string, string> = { name: "lower(c.name)", email: "lower(c.email)", requests: "requests", created_at: "c.created_at" };

export async function listCustomers(db: DB, query: ListQuery): Promise<{ customers: CustomerRow[]; total: number }> {
  const matches = searchCondition(query.q);
  const order = SORTS[query.sort.field] ?? SORTS.created_at!;
  const direction = query.sort.direction === "asc" ? sql`ASC` : sql`DESC`;
  const [page, count] = await Promise.all([
    sql<CustomerRow>`SELECT c.id, c.name, c.email, c.phone, c.phone_e164, c.phone_ext, c.created_at,
        (SELECT count(*) FROM quote_requests q WHERE q.customer_id = c.id)::int AS requests
      FROM customers c WHERE c.merged_into IS NULL AND c.erased_at IS NULL AND ${matches}
      ORDER BY ${sql.raw(order)} ${direction}, c.id ${direction}
      LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM customers c WHERE c.merged_into IS NULL AND c.erased_at IS NULL AND ${matches}`.execute(db),
  ]);
  return { customers: page.rows, total: count.rows[0]!.n };
}

/**
 * Every term (search-terms.server.ts) must be in the name or e-mail, in one of
 * their vehicles (year, make, model, colour, kind), or be part of the phone's
 * digits. Each term is a set of ids read from a trigram index (customers'
 * search_text and phone_digits, vehicles' search_text), the sets intersected:
 * a search reads only the rows it finds, not every customer.
 */
function searchCondition(q: string) {
  const terms = searchTerms(q);
  if (!terms.length) return sql`true`;
  const ids = terms.map(({ likes, digits }) => {
    const text = sql.join(likes.map(wordIds), sql` INTERSECT `);
    return digits ? sql`(SELECT id FROM customers WHERE phone_digits LIKE ${digitsLike(digits)} UNION (${text}))` : sql`(${text})`;
  });
  return sql`c.id IN (${sql.join(ids, sql` INTERSECT `)})`;
}

/**
 * The ids of the customers whose name or e-mail holds the word (letter case
 * ignored), from the trigram index: what the estimates and invoices lists
 * search their customers by.
 */
export function customersWithWord(word: string) {
  return sql`(SELECT id FROM customers WHERE search_text LIKE ${wordLike(word)})`;
}

/** The customers with `like` in their name, e-mail or one of their vehicles. */
function wordIds(like: string) {
  return sql`(SELECT id FROM customers WHERE search_text LIKE ${like} UNION SELECT customer_id FROM vehicles WHERE search_text LIKE ${like})`;
}
