import { FAQ_CATEGORIES } from "~/lib/faq-categories";
import { SERVICE_ICON_TITLES, SERVICE_ICONS, SERVICE_KIND_TITLES, SERVICE_KINDS } from "~/lib/service-icons";
import { PLACEHOLDERS_HINT } from "~/lib/site-settings-fields";
import { checkGalleryWrite, GALLERY_KINDS } from "../gallery.server";
import { createdAt, id, sanitise, sortOrder, updatedAt } from "./common-columns.server";
import type { TableDef } from "./table-def.server";

/** The admin tables of the site's content: what the public pages show, written by the owner. */

export const TESTIMONIALS: TableDef = {
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
    // The site shows published ones only. One the owner adds is published unless they untick it; a
    // customer's review given with consent arrives unpublished (the column's default, docs/decisions/0091).
    published: { type: "boolean", title: "Published", description: "Shown on the website", default: true, sortable: true },
    sort_order: sortOrder,
    created_at: createdAt,
  },
};

export const FAQS: TableDef = {
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
};

export const SERVICES: TableDef = {
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
    // Whole cents, like every amount (docs/decisions/0080): the API reads and writes cents, the
    // dashboard's form and list show dollars (format "cents", lib/row-form.ts).
    price_cents: {
      type: "integer",
      format: "cents",
      title: "Starting Price",
      description: "In dollars, like 149.00: the price an estimate line from this service starts with",
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
    follow_up_days: {
      type: "integer",
      title: "Follow-up (days)",
      description: "How many days after a completed job with this service the customer is reminded of the next visit (e.g. 180); empty or 0 for no reminder",
      minimum: 0,
      maximum: 3650,
      nullable: true,
      // The dashboard's form sends an empty number as 0: none, stored as NULL (docs/decisions/0091).
      write: (value) => (value === 0 ? null : value),
    },
    sort_order: { ...sortOrder, description: "Lower numbers are shown first within cars or boats" },
    created_at: createdAt,
    updated_at: updatedAt,
  },
};

export const CARE_GUIDES: TableDef = {
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
};

export const GALLERY: TableDef = {
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
};
