import { EMAIL_STATE_TITLES, EMAIL_STATES } from "~/lib/email-state";
import { FAQ_CATEGORIES } from "~/lib/faq-categories";
import { LEAD_STATUS_TITLES, LEAD_STATUSES, LOST_REASON_MAX } from "~/lib/lead-status";
import { SERVICE_ICON_TITLES, SERVICE_ICONS, SERVICE_KIND_TITLES, SERVICE_KINDS } from "~/lib/service-icons";
import { PLACEHOLDERS_HINT } from "~/lib/site-settings-fields";
import { checkUserWrite, effectiveAdminSql } from "../auth/users.server";
import { checkGalleryWrite, GALLERY_KINDS } from "../gallery.server";
import { emailStateSql } from "../outbox.server";
import { sanitizeRichText } from "../rich-text.server";
import type { ColumnDef, TableDef } from "./table-def.server";

/**
 * The admin tables, each declared once, in sidebar order. From a declaration
 * come the JSON schema served to the dashboard, the server-side validation of
 * every write and the whitelist of columns that may be read, filtered, sorted
 * and written: no identifier reaches SQL unless it is written here.
 */

const id: ColumnDef = { type: "integer", title: "ID", readOnly: true, sortable: true };
const createdAt: ColumnDef = { type: "string", title: "Created", format: "date-time", readOnly: true, sortable: true };
const updatedAt: ColumnDef = { type: "string", title: "Updated", format: "date-time", readOnly: true };
const sortOrder: ColumnDef = {
  type: "integer",
  title: "Sort Order",
  description: "Lower numbers are shown first",
  default: 0,
  minimum: 0,
  maximum: 100000,
  sortable: true,
};
const sanitise = (value: unknown) => (typeof value === "string" ? sanitizeRichText(value) : value);


export const ADMIN_TABLES: TableDef[] = [
  {
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
      phone: { type: "string", title: "Phone", minLength: 10, maxLength: 20, searchable: true },
      vehicle_type: { type: "string", title: "Vehicle Type", maxLength: 100, sortable: true, searchable: true },
      message: { type: "string", title: "Additional Details", format: "textarea", maxLength: 1000 },
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
  },
  {
    name: "testimonials",
    title: "Testimonials",
    description: "Customer testimonials shown on the home page",
    required: ["name", "text", "rating"],
    defaultSort: { field: "sort_order", direction: "asc" },
    columns: {
      id,
      name: { type: "string", title: "Name", maxLength: 100, sortable: true, searchable: true },
      text: { type: "string", title: "Text", format: "textarea", maxLength: 2000, searchable: true },
      rating: { type: "integer", title: "Rating", description: "1 to 5 stars", minimum: 1, maximum: 5, default: 5, sortable: true },
      service: { type: "string", title: "Service", maxLength: 200, searchable: true },
      image: { type: "string", title: "Image", format: "media_url", contentMediaType: "image/*", description: "A photo of the work" },
      sort_order: sortOrder,
      created_at: createdAt,
    },
  },
  {
    name: "faqs",
    title: "FAQs",
    description: "Frequently asked questions on the home page",
    required: ["question", "answer", "category"],
    defaultSort: { field: "sort_order", direction: "asc" },
    columns: {
      id,
      question: { type: "string", title: "Question", maxLength: 300, sortable: true, searchable: true },
      answer: { type: "string", title: "Answer", format: "markdown", description: `Markdown. ${PLACEHOLDERS_HINT}`, maxLength: 5000, searchable: true },
      category: {
        type: "string",
        title: "Category",
        enum: [...FAQ_CATEGORIES],
        enumTitles: [...FAQ_CATEGORIES],
        sortable: true,
      },
      sort_order: sortOrder,
      created_at: createdAt,
    },
  },
  {
    name: "services",
    title: "Services",
    description: "The car and boat services listed on the home page",
    required: ["kind", "title", "icon"],
    defaultSort: { field: "sort_order", direction: "asc" },
    columns: {
      id,
      kind: {
        type: "string",
        title: "Kind",
        description: "Listed under Car Detailing Services or Boat Detailing Services",
        enum: [...SERVICE_KINDS],
        enumTitles: SERVICE_KINDS.map((k) => SERVICE_KIND_TITLES[k]),
        sortable: true,
      },
      title: { type: "string", title: "Title", minLength: 3, maxLength: 100, sortable: true, searchable: true },
      description: { type: "string", title: "Description", multiline: true, rows: 3, maxLength: 500, searchable: true },
      icon: {
        type: "string",
        title: "Icon",
        enum: [...SERVICE_ICONS],
        enumTitles: SERVICE_ICONS.map((i) => SERVICE_ICON_TITLES[i]),
        default: "sparkles",
      },
      // Whole cents, like every amount (docs/decisions/0080); the list shows them as dollars.
      price_cents: {
        type: "integer",
        title: "Starting Price (cents)",
        description: "In whole cents: 12500 is $125.00. The price an estimate line from this service starts with",
        minimum: 0,
        maximum: 10_000_000,
        default: 0,
        sortable: true,
      },
      duration_minutes: {
        type: "integer",
        title: "Duration (minutes)",
        description: "How long it usually takes; an estimate adds up its services' durations",
        minimum: 0,
        maximum: 10_080,
        default: 0,
        sortable: true,
      },
      sort_order: { ...sortOrder, description: "Lower numbers are shown first within cars or boats" },
      created_at: createdAt,
      updated_at: updatedAt,
    },
  },
  {
    name: "care_guides",
    title: "Care Guides",
    description: "Aftercare guides for each service, with a downloadable PDF",
    required: ["title", "body"],
    defaultSort: { field: "sort_order", direction: "asc" },
    columns: {
      id,
      title: { type: "string", title: "Title", minLength: 3, maxLength: 150, sortable: true, searchable: true },
      // Left empty, the database makes it from the title (db/migrations/2026-11-23-03-services-care-guide-slugs.ts).
      slug: {
        type: "string",
        title: "Slug",
        description: "The page's address, /care-guides/your-slug: lowercase letters, digits and hyphens. Leave empty to make it from the title",
        minLength: 3,
        maxLength: 80,
        pattern: "[a-z0-9]+(?:-[a-z0-9]+)*",
        searchable: true,
      },
      summary: { type: "string", title: "Summary", multiline: true, rows: 3, maxLength: 500, searchable: true },
      body: { type: "string", title: "Body", format: "rich_text", description: PLACEHOLDERS_HINT, maxLength: 100000, write: sanitise },
      pdf: { type: "string", title: "PDF Guide", format: "file_url", description: "The printable guide" },
      cover: { type: "string", title: "Cover Image", format: "media_url" },
      product_web_url: {
        type: "string",
        title: "Product Link",
        format: "url",
        description: "Where to buy the products the guide recommends",
        pattern: "https?://\\S+",
        maxLength: 500,
      },
      contact_email: { type: "string", title: "Questions To", format: "email", description: "Who answers questions about this guide" },
      reviewed_on: { type: "string", title: "Last Reviewed", format: "date", nullable: true },
      published: { type: "boolean", title: "Published", default: false, sortable: true },
      sort_order: sortOrder,
      updated_at: updatedAt,
    },
  },
  {
    name: "gallery",
    title: "Gallery",
    description: "Before and after photos of the work, shown on the home page and /gallery",
    required: ["before_image", "after_image", "caption", "kind"],
    defaultSort: { field: "sort_order", direction: "asc" },
    // Photos uploaded here only; published only with the customer's consent (app/server/gallery.server.ts).
    checkWrite: checkGalleryWrite,
    columns: {
      id,
      before_image: { type: "string", title: "Before Photo", format: "media_url", contentMediaType: "image/*" },
      after_image: { type: "string", title: "After Photo", format: "media_url", contentMediaType: "image/*" },
      caption: {
        type: "string",
        title: "Caption",
        description: "What was done, e.g. Oxidised gel coat restored",
        minLength: 3,
        maxLength: 200,
        sortable: true,
        searchable: true,
      },
      service: { type: "string", title: "Service", maxLength: 200, searchable: true },
      kind: { type: "string", title: "Car or Boat", enum: [...GALLERY_KINDS], enumTitles: ["Car", "Boat"], default: "car", sortable: true },
      customer_consent: {
        type: "boolean",
        title: "Customer Consent",
        description: "The customer agreed to these photos being published",
        default: false,
      },
      published: { type: "boolean", title: "Published", description: "Shown on the website (needs the customer's consent)", default: false, sortable: true },
      sort_order: sortOrder,
      created_at: createdAt,
      updated_at: updatedAt,
    },
  },
  {
    name: "users",
    title: "Users",
    description: "People who can sign in; administrators manage this dashboard",
    required: ["email"],
    defaultSort: { field: "created_at", direction: "desc" },
    countedRows: true,
    // No administrator demotes or deletes themselves; ADMIN_EMAILS addresses stay administrators (ADR 0034).
    checkWrite: checkUserWrite,
    columns: {
      id,
      email: { type: "string", title: "Email", format: "email", maxLength: 254, sortable: true, searchable: true, write: (v) => (typeof v === "string" ? v.trim().toLowerCase() : v) },
      name: { type: "string", title: "Name", maxLength: 100, sortable: true, searchable: true },
      is_admin: {
        type: "boolean",
        title: "Administrator",
        description: "Addresses in the server's ADMIN_EMAILS setting are always administrators",
        default: false,
        sortable: true,
        // What sign-in grants, not only what is stored: the stored flag or ADMIN_EMAILS.
        read: (ref) => effectiveAdminSql(ref("is_admin"), ref("email")),
      },
      created_at: createdAt,
      last_login_at: { type: "string", title: "Last Sign-in", format: "date-time", readOnly: true, nullable: true },
    },
  },
  {
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
      next_attempt_at: { type: "string", title: "Next Try", format: "date-time", readOnly: true },
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
  },
  {
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
  },
];
