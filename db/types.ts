import type { ColumnType, Generated, Selectable } from "kysely";

/** A timestamptz with a default: read as Date, optional on insert. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface TestimonialsTable {
  id: Generated<number>;
  name: string;
  text: string;
  rating: number;
  service: Generated<string>;
  image: Generated<string>;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  category: string;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QuoteRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string;
  vehicle_type: string;
  message: Generated<string>;
  status: Generated<string>;
  notes: Generated<string>;
  client_ip: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  lost_reason: Generated<string>;
  /** The first move out of New (set by a trigger). */
  first_response_at: ColumnType<Date | null, never, never>;
  /** When the owner is reminded that the lead is still New; null once queued. */
  reminder_due_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The notes' words alone (kept by a trigger), for the inbox's search. */
  note_bodies: ColumnType<string, never, never>;
  /** Every text field and the notes, for the inbox's search (generated). */
  search_text: ColumnType<string, never, never>;
}

/** A lead's status changes and notes (status rows are written by a trigger). */
export interface LeadEventsTable {
  id: Generated<number>;
  lead_id: number;
  kind: "status" | "note";
  from_status: string | null;
  to_status: string | null;
  body: Generated<string>;
  actor: Generated<string>;
  created_at: Timestamp;
}

/** Leads per status, kept by statement triggers on quote_requests. */
export interface LeadStatusCountsTable {
  status: string;
  n: ColumnType<string, never, never>;
}

export interface EmailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  reply_to: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  /** `<outbox-…@domain>`, set when queued; null only on rows queued before it existed. */
  message_id: string | null;
  /** The delivery run holding the row's lease; null when none does. */
  claimed_by: string | null;
  /** The lead the e-mail is about, if any. */
  lead_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Which e-mail it is (EmailKind); '' for older rows. */
  kind: Generated<string>;
  /** Sent to the server log only: no mail server was configured (no SMTP_URL). */
  written_to_log: Generated<boolean>;
  /** Files sent with it: [{filename, contentType, base64}] as JSON; null for none. */
  attachments: ColumnType<StoredAttachment[] | null, string | null | undefined, string | null>;
}

/** An attachment as the outbox stores it. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: Timestamp;
}

export interface SeedsTable {
  name: string;
  applied_at: Timestamp;
}

/** The one row (id 1) of the business settings (app/server/settings.server.ts). */
export interface SiteSettingsTable {
  id: number;
  business_name: string;
  phone: string;
  public_email: string;
  service_area: string;
  facebook_url: Generated<string>;
  opening_hours: Generated<string>;
  hero_headline: string;
  hero_text: string;
  founder_name: string;
  about_story: string;
  response_time: string;
  /** Tax Rate (%), numeric(6,3): read as text ("6.250"). */
  tax_rate: ColumnType<string, string | number | undefined, string | number>;
  /** Send New Requests To; null until the owner saves the settings (QUOTE_NOTIFY_EMAIL until then). */
  notify_email: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
  updated_by: Generated<string>;
}

export interface ContentVersionTable {
  id: number;
  version: number;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: Generated<string>;
  google_sub: string | null;
  is_admin: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_login_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  client_ip: Generated<string>;
  user_agent: Generated<string>;
}

export interface OneTimeCodesTable {
  email: string;
  code_hash: string;
  wrong_attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface AuthAuditTable {
  id: Generated<number>;
  created_at: Timestamp;
  event: string;
  email: Generated<string>;
  client_ip: Generated<string>;
  outcome: string;
  detail: Generated<string>;
}

export interface CareGuidesTable {
  id: Generated<number>;
  title: string;
  summary: Generated<string>;
  /** Sanitised rich-text HTML. */
  body: Generated<string>;
  pdf: Generated<string>;
  cover: Generated<string>;
  product_web_url: Generated<string>;
  contact_email: Generated<string>;
  reviewed_on: ColumnType<string | null, string | null | undefined, string | null>;
  published: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The page's address, /care-guides/{slug}; '' on insert is made from the title (a trigger). */
  slug: Generated<string>;
}

/** The home page's car and boat service lists. */
export interface ServicesTable {
  id: Generated<number>;
  /** "car" or "boat" (SERVICE_KINDS). */
  kind: string;
  title: string;
  description: Generated<string>;
  /** A name of SERVICE_ICONS (app/lib/service-icons.ts). */
  icon: string;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** A starting price in whole cents (0: none given). */
  price_cents: Generated<number>;
  /** How long it usually takes (0: not given). */
  duration_minutes: Generated<number>;
}

/** A priced estimate for a lead (app/server/estimates/). Amounts in whole cents. */
export interface EstimatesTable {
  id: Generated<number>;
  /** From estimate_number_seq: sequential, never reused. */
  number: Generated<number>;
  /** The customer's link, /estimates/{token}. */
  token: string;
  lead_id: number;
  status: Generated<"draft" | "sent" | "viewed" | "accepted" | "declined" | "expired">;
  /** A date (YYYY-MM-DD) in the business's time zone: the last day it may be accepted. */
  valid_until: ColumnType<string, string, string>;
  message: Generated<string>;
  duration_minutes: Generated<number>;
  /** The Tax Rate (%) it was priced with; numeric, read as text. */
  tax_rate: ColumnType<string, string | number | undefined, string | number>;
  subtotal_cents: Generated<number>;
  tax_cents: Generated<number>;
  total_cents: Generated<number>;
  decline_reason: Generated<string>;
  copied_from: ColumnType<number | null, number | null | undefined, number | null>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  viewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EstimateLinesTable {
  id: Generated<number>;
  estimate_id: number;
  position: number;
  description: string;
  quantity: number;
  unit_price_cents: number;
  service_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface EstimateEventsTable {
  id: Generated<number>;
  estimate_id: number;
  kind: "created" | "sent" | "viewed" | "accepted" | "declined";
  body: Generated<string>;
  actor: Generated<string>;
  created_at: Timestamp;
}

/** Exact row counts of big tables, kept by triggers (admin list totals). */
export interface RowCountsTable {
  table_name: string;
  n: number;
}

/** Before/after pairs of photos (the public gallery); published only with the customer's consent. */
export interface GalleryTable {
  id: Generated<number>;
  before_image: string;
  after_image: string;
  caption: string;
  service: Generated<string>;
  kind: Generated<"car" | "boat">;
  customer_consent: Generated<boolean>;
  published: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An uploaded image's upright size and the resized copies made of it (docs/decisions/0016). */
/** A stored upload: its original (sanitised) name and since when no row refers to it (docs/decisions/0046). */
export interface UploadsTable {
  /** The stored name, as in /uploads/{name}. */
  name: string;
  original_name: string;
  size: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  /** NULL while a row refers to it. */
  unreferenced_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the file was made sure to carry no metadata (docs/decisions/0048); NULL: not yet (stored before, or adopted). */
  metadata_checked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ImagesTable {
  /** The stored upload's name, as in /uploads/{name}. */
  name: string;
  width: number;
  height: number;
  /** Widths of the resized copies, ascending. */
  widths: ColumnType<number[], string, string>;
  /** Their formats ("webp", "jpg"), best first. */
  formats: ColumnType<string[], string, string>;
  /** A 1200x630 cover crop ({base}-og.jpg) exists. */
  og: Generated<boolean>;
  created_at: Timestamp;
}

/** Administrators' personal API tokens (only their SHA-256 is stored; docs/decisions/0036). */
export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  token_hash: string;
  token_start: string;
  read_only: Generated<boolean>;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_used_ip: Generated<string>;
}

/** Secrets the app makes for itself, shared by every process on a PostgreSQL server (name 'session': the cookie-signing secret). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  app_secrets: AppSecretsTable;
  sessions: SessionsTable;
  api_tokens: ApiTokensTable;
  one_time_codes: OneTimeCodesTable;
  auth_audit: AuthAuditTable;
  testimonials: TestimonialsTable;
  faqs: FaqsTable;
  quote_requests: QuoteRequestsTable;
  lead_events: LeadEventsTable;
  lead_status_counts: LeadStatusCountsTable;
  email_outbox: EmailOutboxTable;
  rate_limit_hits: RateLimitHitsTable;
  seeds: SeedsTable;
  content_version: ContentVersionTable;
  site_settings: SiteSettingsTable;
  care_guides: CareGuidesTable;
  services: ServicesTable;
  estimates: EstimatesTable;
  estimate_lines: EstimateLinesTable;
  estimate_events: EstimateEventsTable;
  row_counts: RowCountsTable;
  gallery: GalleryTable;
  images: ImagesTable;
  uploads: UploadsTable;
}

export type OutboxEmail = Selectable<EmailOutboxTable>;
