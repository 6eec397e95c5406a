import { sql } from "kysely";
import { EMAIL_STATE_TITLES, EMAIL_STATES } from "~/lib/email-state";
import { ROLE_TITLES, ROLES } from "~/lib/roles";
import { LEAD_STATUS_TITLES, LEAD_STATUSES, LOST_REASON_MAX } from "~/lib/lead-status";
import { effectiveRoleSql } from "../auth/staff.server";
import { checkUserWrite } from "../auth/users.server";
import { emailStateSql } from "../outbox.server";
import { createdAt, id, phoneColumn, updatedAt } from "./common-columns.server";
import type { TableDef } from "./table-def.server";

/**
 * The admin tables of what the site records: the quote requests, the people
 * who sign in, the e-mail it sends and the sign-in attempts.
 */

export const QUOTE_REQUESTS: TableDef = {
  name: "quote_requests",
  title: "Quote Requests",
  description: "Quote requests sent from the website's contact form",
  required: ["name", "email", "phone", "vehicle_type", "status"],
  defaultSort: { field: "created_at", direction: "desc" },
  countedRows: true,
  columns: {
    id,
    name: { type: "string", title: "Full Name", minLength: 2, maxLength: 100, sortable: true, searchable: true },
    email: { type: "string", title: "Email", format: "email", maxLength: 254, sortable: true, searchable: true },
    phone: phoneColumn({ title: "Phone", minLength: 10, maxLength: 20, searchable: true }),
    vehicle_type: { type: "string", title: "Vehicle Type", maxLength: 100, sortable: true, searchable: true },
    message: { type: "string", title: "Additional Details", format: "textarea", maxLength: 1000 },
    service_address: { type: "string", title: "Service Address", maxLength: 300, searchable: true },
    // A change of status here is recorded in the lead's history like one in the inbox.
    status: {
      type: "string",
      title: "Status",
      enum: [...LEAD_STATUSES],
      enumTitles: LEAD_STATUSES.map((s) => LEAD_STATUS_TITLES[s]),
      default: "new",
      sortable: true,
    },
    lost_reason: { type: "string", title: "Lost Reason", description: "Kept only while the status is Lost", maxLength: LOST_REASON_MAX },
    notes: {
      type: "string",
      title: "Notes",
      description: "Notes are added on the lead's page in the Leads inbox",
      multiline: true,
      readOnly: true,
    },
    client_ip: { type: "string", title: "Client IP", readOnly: true },
    created_at: createdAt,
    updated_at: updatedAt,
    first_response_at: { type: "string", title: "First Response", format: "date-time", readOnly: true, nullable: true },
  },
};

export const USERS: TableDef = {
  name: "users",
  title: "Users",
  description: "People who can sign in; staff have a role (Owner or Technician)",
  required: ["email"],
  defaultSort: { field: "created_at", direction: "desc" },
  countedRows: true,
  // Nobody deletes their own row, nor the last owner's (ADR 0034, 0114); roles change at /admin/staff.
  checkWrite: checkUserWrite,
  columns: {
    id,
    email: { type: "string", title: "Email", format: "email", maxLength: 254, sortable: true, searchable: true, write: (v) => (typeof v === "string" ? v.trim().toLowerCase() : v) },
    name: { type: "string", title: "Name", maxLength: 100, sortable: true, searchable: true },
    role: {
      type: "string",
      title: "Role",
      description: "Set on the Staff page; addresses in the server's ADMIN_EMAILS setting are always owners",
      enum: [...ROLES],
      enumTitles: ROLES.map((r) => ROLE_TITLES[r]),
      // Not sortable: the list's keyset order needs a NOT NULL column, and NULL is "not staff".
      nullable: true,
      readOnly: true,
      // What sign-in grants, not only what is stored: the stored role or ADMIN_EMAILS.
      read: (ref) => effectiveRoleSql(ref("role"), ref("email")),
    },
    created_at: createdAt,
    last_login_at: { type: "string", title: "Last Sign-in", format: "date-time", readOnly: true, nullable: true },
  },
};

export const EMAIL_OUTBOX: TableDef = {
  name: "email_outbox",
  title: "E-mail Log",
  description: "Every e-mail the site sends or will send, with its delivery state",
  required: [],
  defaultSort: { field: "created_at", direction: "desc" },
  readOnly: true,
  countedRows: true,
  columns: {
    id,
    created_at: { ...createdAt, title: "Queued" },
    to_address: { type: "string", title: "To", readOnly: true, sortable: true, searchable: true },
    subject: { type: "string", title: "Subject", readOnly: true, searchable: true },
    state: {
      type: "string",
      title: "State",
      readOnly: true,
      enum: [...EMAIL_STATES],
      enumTitles: EMAIL_STATES.map((s) => EMAIL_STATE_TITLES[s]),
      // The same states as on a lead's page.
      read: emailStateSql,
    },
    attempts: { type: "integer", title: "Tries", readOnly: true },
    last_error: { type: "string", title: "Last Error", readOnly: true, searchable: true },
    next_attempt_at: {
      type: "string",
      title: "Next Try",
      format: "date-time",
      readOnly: true,
      nullable: true,
      // Only an e-mail still waiting has a next try; a sent or given-up row's stored time is stale.
      read: (ref) => sql`CASE WHEN ${ref("sent_at")} IS NULL AND ${ref("failed_at")} IS NULL THEN ${ref("next_attempt_at")} END`,
    },
    failed_at: {
      type: "string",
      title: "Given Up",
      description: "When the outbox stopped trying: the address or message was refused for good, or every try failed",
      format: "date-time",
      readOnly: true,
      nullable: true,
    },
    sent_at: {
      type: "string",
      title: "Sent or Logged",
      description: "When the mail server took it, or, with no mail server configured, when it was written to the server log",
      format: "date-time",
      readOnly: true,
      nullable: true,
    },
    lead_id: { type: "integer", title: "Lead", readOnly: true, nullable: true, href: "/admin/leads/{value}", hrefText: "#{value}" },
  },
};

export const AUTH_AUDIT: TableDef = {
  name: "auth_audit",
  title: "Sign-in Audit Trail",
  description: "Every sign-in attempt, kept for security review",
  required: [],
  defaultSort: { field: "created_at", direction: "desc" },
  readOnly: true,
  countedRows: true,
  columns: {
    id,
    created_at: { ...createdAt, title: "Time" },
    event: { type: "string", title: "Event", readOnly: true, sortable: true, searchable: true },
    email: { type: "string", title: "Email", readOnly: true, sortable: true, searchable: true },
    outcome: { type: "string", title: "Outcome", readOnly: true, sortable: true },
    client_ip: { type: "string", title: "Client IP", readOnly: true, searchable: true },
    detail: { type: "string", title: "Detail", readOnly: true },
  },
};
