import { CARE_GUIDES, FAQS, GALLERY, SERVICES, TESTIMONIALS } from "./content-tables.server";
import { AUTH_AUDIT, EMAIL_OUTBOX, QUOTE_REQUESTS, USERS } from "./record-tables.server";
import type { TableDef } from "./table-def.server";

/**
 * The admin tables, each declared once, in sidebar order. From a declaration
 * come the JSON schema served to the dashboard, the server-side validation of
 * every write and the whitelist of columns that may be read, filtered, sorted
 * and written: no identifier reaches SQL unless it is written here. The
 * declarations are grouped by kind: the site's content
 * (./content-tables.server.ts) and what it records (./record-tables.server.ts);
 * the columns they share are ./common-columns.server.ts.
 */
export const ADMIN_TABLES: TableDef[] = [QUOTE_REQUESTS, TESTIMONIALS, FAQS, SERVICES, CARE_GUIDES, GALLERY, USERS, EMAIL_OUTBOX, AUTH_AUDIT];
